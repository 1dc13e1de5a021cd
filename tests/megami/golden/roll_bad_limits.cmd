# 1 to 200 dice, 1 to 10000 sides, 1000 dice per expression
roll '0D6' '201D6' '1D10001' '200D6+200D6+200D6+200D6+200D6+1D6'
