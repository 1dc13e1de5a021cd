# MG-DICE-CLI-2: 2D6>=8 needs two dice; the list holds one
roll --dice 3 '2D6>=8'
