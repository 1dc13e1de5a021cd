# the number of dice cannot roll dice (column of D)
roll '(1D6)D6' '1D(1D6)'
