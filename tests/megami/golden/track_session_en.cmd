# MG-TRACK-1, MG-TRACK-2, MG-TRACK-3, MG-TRACK-4, MG-TRACK-5 without a terminal (lines echoed after their prompts), seed 3:
# dice 6 6 typed (アリア 6+6+5 = 17); 7 re-asked (a total of 2 dice, refused as such); 1 1 (オーガ 1+1+2 = 4).
# アリア: "a 1 1" refused (herself, MG-ACT-1), "x 3" unknown, "m 11" refused
# (allowance 5 + 5 = 10), ? lists the commands, then the attack by names:
# 4 4 + 4 = 12 against 1 2 + 1 = 4, hit; damage 6 + 5 = 11 − armor 2 = 9,
# オーガ HP 30 − 9 = 21; s shows the state again; Enter takes "e".
# オーガ: w (待機, allowed first in a process); nobody is left in the order,
# so it acts at once without a question (MG-WAIT-3); Enter takes "a 1 1";
# Enter rolls dice 10 and 11 (the first two d6 of seed 3: 5 4, shown in
# that order; the log sorts them: 9[4,5] + 3 = 12); q at アリア's evasion; no replay.
track --lang en --seed 3 ../../../examples/megami/duel.yaml < track_session.in
