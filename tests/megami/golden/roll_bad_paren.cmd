# MG-DICE-CLI-1: ( at column 1 never closed; ) with no ( at column 6
roll '(2D6+1' '2D6+1)'
