# MG-DICE-ERR-1 in English: an nRx or nUx with its target after "@" (3R6@5>=4,
# 3U6@5>=4, 3R6@5=>4) is said to take the target before @ (3R6>=4@5,
# 3U6>=4@5), caret at the comparison; a target both before and after @
# (3R6>=4@5>=3) stays a bad comparison.  BCDice answers none of them.
# Exit 1.
roll --lang en -- '3R6@5>=4' '3U6@5>=4' '3R6@5=>4' '3R6>=4@5>=3'
