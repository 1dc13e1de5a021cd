# MG-DICE-CLI-2 MG-DICE-ERR-2: an SRS judgement, its [c,f] and @c forms, the
# same in a repeat, and an nUx whose sum + modifier passes 2^63 - 1 when
# rolled are bad expressions like 1D6*9223372036854775807: each gets
# <expr>:N:COL at the modifier's first sign (column 4; 7 after "x2 " and
# "3U6[6]"), the next EXPR is rolled all the same, exit 1.  Dice: 3,4 for each
# judgement and the repeat's first roll; 6,2 for 3U6[6]'s first die (6 is
# rolled again: 8, + the modifier overflows); 1D6 takes the next value, 1.
roll --dice 3,4,3,4,3,4,3,4,6,2,1,6,4,5 -- '2D6+9223372036854775807>=8' '2D6+9223372036854775807[]' '2D6+9223372036854775807@11' 'x2 2D6+9223372036854775807>=8' '3U6[6]+9223372036854775807' 1D6
