# MG-LOG-1: fight_reasons in English
fight --lang en --dice 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,6,6,5,6,1,2,1,3,4,1,2 fight_reasons.yaml
