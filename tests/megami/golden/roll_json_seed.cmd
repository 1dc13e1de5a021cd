# roll --format json --seed 42: d6 1, 3, 5, 6, 6 (tests/support/rng_reference.py); "seed" is the seed as a string
roll --format json --seed 42 '2D6+1>=8' '3D6'
