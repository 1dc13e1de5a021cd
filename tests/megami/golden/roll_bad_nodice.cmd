# a sum needs dice
roll '1+2'
