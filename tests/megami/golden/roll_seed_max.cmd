# MG-DICE-CLI-2: the largest seed is accepted
roll --seed=18446744073709551615 '1D100'
