# BCDice folds (1+1) and fills 2D as 2D6 before the SRS reading: both are SRS judgements
roll --dice 2,3,6,2 '(1+1)D6>=8' '2D>=8'
