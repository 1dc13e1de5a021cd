# Rules: LG-POINTS-1
# the JSON report: sheet, record, lost_to, field_best, totals, history.
# field_best is ヌト: it beats グリスク (the worked example of the rules ends
# ヌトの勝利) and draws its mirror battle: 3 + 1 = 4 points in 2 battles.
optimize --format json --evals 200 --seed 2 --field optimize
