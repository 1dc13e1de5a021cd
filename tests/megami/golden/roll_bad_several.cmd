# MG-DICE-CLI-1: every bad expression is reported, nothing is rolled
roll '2D6+1>=8' '2D6+' '3D6' '(1'
