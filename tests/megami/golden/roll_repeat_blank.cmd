# MG-DICE-COM-6: a blank (space, tab, U+3000) before a repeat's keyword:
# BCDice's Repeat.parse reads from the first character and no other command
# takes the text, so BCDice answers nothing (npm bcdice 4.9.0): an error at
# column 1, as for any text BCDice does not answer; the blank before 2D6 is
# skipped as usual (dice 3,4).  Exit 1.
roll --dice 3,4 -- ' x3 2D6' '	Sx3 2D6 (回避)' '　rep2 1D6' ' 2D6'
