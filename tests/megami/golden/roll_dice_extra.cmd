# MG-DICE-CLI-2: extra --dice values are ignored; one list for all the expressions: 2D6 takes 1,2, 1D6 takes 3
roll --dice 1,2,3,4,5 2D6 1D6
