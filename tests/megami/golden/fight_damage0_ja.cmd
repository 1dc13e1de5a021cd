# GM review D1 (MG-LOG-1, M2): a damage roll of an attack with damage 0 is
# a lone 1D6, which BCDice writes "(1D6) ＞ 5" (no brackets; megami roll
# 1D6 too), not "(1D6) ＞ 5[5] ＞ 5".  Dice: P's initiative 3,4: 7 + 10 =
# 17, E's 1,1: 2; P's 剣 3,3: 6 + 10 = 16 against E's evasion 1,2: 3, hit;
# damage 5 + 0 = 5, armor 0: E HP 20 − 5 = 15; E has no attack; round
# limit 1: a draw.
fight --dice 3,4,1,1,3,3,1,2,5 fight_damage0.yaml
