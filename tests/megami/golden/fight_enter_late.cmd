# MG-ENTER-3: the combat ends before 族長 enters (アリア falls in round 1 in the derivation of test_enter_too_late:
# 1+1 = 2 against 6+6+3 = 15; 爪 4+4 = 8 against 1+2 = 3, damage 3+5 = 8, HP 1 → -7): NPC wins, 族長 absent (未登場)
fight --dice 1,1,6,6,4,4,1,2,3 fight_enter_late.yaml
