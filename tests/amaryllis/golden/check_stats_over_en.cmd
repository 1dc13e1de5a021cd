# Rules: AM-UNIT-1 AM-UNIT-2 (the stats use 4 + 5 + 1 + 2 = 12 of
#  the 10 bonus points: 技術 would be −2).
check --lang en sheets/stats_over.txt
