# MG-DICE-CLI-1: -- ends the options: -1D6+1 with 3 is -3+1 = -2
roll --dice 3 -- '-1D6+1'
