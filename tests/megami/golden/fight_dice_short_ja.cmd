# MG-STOP-1 MG-DICE-OUT-2: a --dice list that runs out, worded as megami roll --dice words it (it was English)
fight --dice 6,6,6,5,1,1,3,4,1,1 fight_duel.yaml
