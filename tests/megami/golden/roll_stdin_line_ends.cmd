# `-` reads lines ended by "\n", "\r\n" or a lone "\r" (the lines after the
# first of a lone-CR file were once taken as a comment after it), counts
# them so (zz is <stdin>:3:1) and skips a byte order mark before the first
roll --seed 1 - < roll_stdin_line_ends.in
