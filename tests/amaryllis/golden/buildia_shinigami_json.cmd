# The same battle as JSON: units listed per side in creation order with
# instance ids (死神使い#0, グリスク#1, 死神#2); 死神 ＨＰ 2 alive; score 12
# for 死神使い's side (10 + 2), 0 for グリスク's (its ＨＰ at death).
# Rules: BU-RESULT-2 (the scores), BU-PLACE-1 (the new unit's
#  position in the log: 0 = front).
battle --format json ../../../examples/shinigami.txt ../../../examples/grisk.txt
