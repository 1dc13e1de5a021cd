# MG-DICE-ERR-1: texts BCDice answers nothing for, each error saying what is
# wrong: choice with one item, more picks than items, 0 picks, an unclosed
# "["; C() empty and with dice; a repeat with no command; nBx with a
# modifier; a zero-width space named by its code point; a number past 64 bits
# in [c,f] named as elsewhere.  Exit 1.
roll -- 'choice[a]' 'choice4[a,b,c]' 'choice0[a,b,c]' 'choice[a,b' 'C()' 'C(1D6)' 'x3' '3B6+1' '2D6​' '2D6[99999999999999999999]'
