# MG-DICE-CLI-2: a d6 cannot show 7: the value at position 1 is named; exit 1
roll --dice 7,2 2D6
