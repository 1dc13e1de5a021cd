# MG-LOG-1: a fumble misses everyone / the one target, a critical hits a higher evasion, a negative armor value
fight --dice 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,6,6,5,6,1,2,1,3,4,1,2 fight_reasons.yaml
