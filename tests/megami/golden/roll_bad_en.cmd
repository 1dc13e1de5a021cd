# MG-DICE-CLI-1: messages in English with --lang en (before or after the command)
--lang en roll --seed 0 '2D6+' '1D0'
