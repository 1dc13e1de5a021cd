# MG-DICE-CLI-2: seed 42: d6 1, 3, 5, 6, 6 (tests/util/rng_reference.py): [1,3]+1 = 5 失敗; 3D6 [5,6,6] = 17
roll --seed 42 '2D6+1>=8' '3D6'
