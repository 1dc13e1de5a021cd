# MG-DICE-ERR-1: a blank between choice and "[" or "(" (choice [a,b,c],
# choice (a,b,c), choice3 [a,b,c], Schoice [a,b], choice [1-6]) makes one
# blank-separated item, which BCDice does not answer; the message says the
# blank is the mistake (no blank, or choice a b c), caret at the blank.
# Exit 1.
roll -- 'choice [a,b,c]' 'choice (a,b,c)' 'choice3 [a,b,c]' 'Schoice [a,b]' 'choice [1-6]'
