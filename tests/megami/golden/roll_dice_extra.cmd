# MG-DICE-CLI-2: extra --dice values are ignored; one list for all the expressions: 2D6 takes 1,2, 1D6 takes 3; a note on stderr says that 2 of the 5 values (4, 5) were not used (GM review W7), exit status 0
roll --dice 1,2,3,4,5 2D6 1D6
