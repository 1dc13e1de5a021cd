# MG-TRACK odds at a die, past 64 dice given (review 2026-12-06: dice after the 64th were drawn anew).
# 勇者 (initiative 6 6 given, then NPCs' by a) attacks all 40 雑魚 with 薙ぎ払い
# (accuracy 20 + 3 4 = 27, not a critical); 35 of them defend with 1 2 (3: hit,
# HP 1 - 100 ≤ 0), 72 dice given since the decision, then o.  Each of the 5
# defences left evades only with a critical 6 6 (M5: a critical defence evades
# an attack that is no critical), so the PC wins (all 40 down in the one round,
# round_limit 1) with probability (35/36)^5 = 86.85%, else a draw.  Before, dice
# 65-72 were drawn anew: 4 more defences at 35/36, (35/36)^9 = 77.6%.
track --lang en --seed 1 track_odds_mob.yaml < track_odds_mob.in
