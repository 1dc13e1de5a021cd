# MG-DICE-CLI-2: no --seed: seed 0, d6 4, 5, 1, 3 (rng_reference.py): [4,5]+1 = 10 成功; [1,3] = 4
roll '2D6+1>=8' '2D6'
