# MG-DICE-CLI-2: the same in English
roll --lang en --dice 3 '2D6>=8'
