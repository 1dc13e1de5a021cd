# the target cannot roll dice (column of the target)
roll '2D6>=1D6'
