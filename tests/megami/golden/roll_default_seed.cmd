# MG-DICE-CLI-2: --seed 0 (the default before M8.11's amendment), d6 4, 5, 1, 3 (rng_reference.py): [4,5]+1 = 10 成功; [1,3] = 4
roll --seed 0 '2D6+1>=8' '2D6'
