# MG-FIGHT-CLI-1: one combat with fixed dice, the English log
fight --lang en --dice 6,6,6,5,1,1,3,4,1,1,6,4,5,2,3,2,3,4,1,2,1,2,2,5,5 fight_duel.yaml
