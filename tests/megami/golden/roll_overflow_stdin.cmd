# MG-DICE-CLI-1 MG-DICE-CLI-2: with `-`, a line whose nUx overflows when
# rolled is a bad line (<stdin>:2:7, the "+"), and the lines after it are
# still read and rolled: 1D6 takes 5, 3U6[6] takes 6,2 (8 + the modifier
# overflows), the last 1D6 takes 4; exit 1.
roll --dice 5,6,2,4 - < roll_overflow_stdin.in
