# The same battle as JSON: winner ヌト, turns 4, グリスク hp −1 dead, ヌト hp 1.
# Rules: AM-RESULT-1 (the scores: 1 vs −1).
battle --format json ../../../examples/grisk.txt ../../../examples/nut.txt
