# MG-DICE-CLI-1: every bad expression is reported; the others are rolled all the same (d6 4, 5, then 1, 3, 5), exit 1
roll --seed 0 '2D6+1>=8' '2D6+' '3D6' '(1'
