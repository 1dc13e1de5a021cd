# MG-DICE-ERR-1 in English: a closed [c,f] before the target (2D6[11,3]>=8, 2D6[]>=8)
# is said to go at the end, after the target (2D6>=8[11,3]), caret at the
# "["; @ or # after the target (2D6>=8@11, 2D6>=8#3) is said to go before the
# comparison (2D6@11>=8), caret at the "@"/"#".  BCDice answers none of
# them either.  Exit 1.
roll --lang en -- '2D6[11,3]>=8' '2D6[]>=8' '2D6>=8@11' '2D6>=8#3'
