# MG-DICE-CLI-1: the expression stops after +: column 5 is just past the end
roll '2D6+'
