# at least one expression
roll --dice 3
