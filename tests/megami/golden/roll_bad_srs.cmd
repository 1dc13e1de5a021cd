# SRS-like (@ # []) expressions get the SRS reading's message: only >=, @ twice, @ and # on both sides of the modifier, no ? target
roll '2D6@11>8' '2D6@11@12' '2D6@11+1#3>=8' '2D6@11>=?'
