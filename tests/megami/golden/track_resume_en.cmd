# MG-TRACK-14 (track review W1): --resume plays the replay again without
# its log and goes on at the prompt where it stopped: オーガ's evasion roll
# against 4 + 2 + 4 = 10, the state shown first.  The generator goes on
# after its 3 dice (rolled 3): one Enter gives seed 3's 4th and 5th dice,
# 4 and 3 (evasion 7 + 1 = 8 < 10: hit), the next Enter the 6th, 3
# (damage 3 + 5 = 8 − impact 2 = 6, オーガ HP 24): `megami fight --seed 3` rolls 5 4, 2 4, 3 3 first
# (its initiatives [4,5], [2,4] and attack [3,3]).  q, no save.
track --lang en --resume track_resume.replay < track_resume.in
