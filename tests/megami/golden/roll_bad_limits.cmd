# MG-DICE-LIMIT: as BCDice, 0 or over 200 dice roll nothing and a die of 0 or over 10000 sides shows 0 unrolled; megami's own limit: 1000 dice per expression (exit 1)
roll --seed 0 '0D6' '201D6' '1D10001' '200D6+200D6+200D6+200D6+200D6+1D6'
