# MG-ENTER-1 MG-ENTER-3: derived in test_combat.c (test_enter_round). Round 1: アリア 6+6+3 = 15, ゴブリン 1+1 = 2
# (族長 not in the scene); 剣 4+4 = 8 against 1+2 = 3, damage 3+5 = 8: ゴブリン HP -5, 戦闘不能, the combat goes on
# (族長 is to come); ゴブリン skipped. Round 2: 族長 enters at 0 m before the initiatives (アリア 1+1+3 = 5, 族長
# 6+6+1 = 13); 族長's 爪 3+3 = 6 against 2+2 = 4, damage 1+1 = 2: アリア HP 8; 剣 5+5 = 10 against 2+3 = 5, damage
# 2+5 = 7: 族長 HP -3. PC wins in round 2.
fight --dice 6,6,1,1,4,4,1,2,3,1,1,6,6,3,3,2,2,1,5,5,2,3,2 fight_enter.yaml
