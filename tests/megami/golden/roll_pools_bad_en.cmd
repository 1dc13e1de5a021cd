# MG-DICE-CLI-1: in English: MG-DICE-COM-8 MG-DICE-COM-9 MG-DICE-COM-7: a pool's errors: an unclosed [ (col 6), a division by zero (BCDice raises: col 7), a negative number of nUx dice (BCDice raises), megami's limit of 100000 values shown
--lang en roll --seed 1 '3R6[6' '3B6>=4/0' '(0-1)U6[6]' '200R0[=0]'
