# MG-DICE-LIMIT: where BCDice's Randomizer raises TooManyRandsError (the dice
# rolled so far in the command plus a term's number pass 10000, checked
# before "more than 200 dice roll nothing"; across a repeat too) megami
# reports a bad expression at the term's D (or the repeated command), and
# rolls the next EXPR: 10001D6; 2D6+10000D6 (2 + 10000); x2 1D6+9999D6 (#2:
# 1 + 1 + 9999); 10000D6 is fine (rolls nothing, as BCDice: "(10000D6) ＞ 0");
# x100 101D6 (10100).  Exit 1.
roll --dice 3,4 -- 10001D6 2D6+10000D6 'x2 1D6+9999D6' 10000D6 'x100 101D6'
