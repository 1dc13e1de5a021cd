# The same league as CSV, points 2/1/0 (ヌト 6, グリスク 4, 乙 and 甲 1).
# Rules: LG-POINTS-1.
league --format csv --points 2,1,0 league
