# MG-DICE-CLI-2: --seed and --dice together: usage error
roll --seed 1 --dice 3 2D6
