# MG-DICE-CLI-2: --seed takes 0 to 2^64-1
roll --seed -1 2D6
