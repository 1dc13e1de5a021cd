# MG-DICE-CLI-2: the first line is printed; in the second, 1D6 takes 3 and 1D4 takes value 4 = 5: out of range, exit 1
roll --dice 1,2,3,5 '2D6' '1D6+1D4'
