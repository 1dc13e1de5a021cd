# MG-DICE-CLI-2: 3 × 9223372036854775807 overflows when rolled: the * at column 4; the line before is printed
roll --dice 1,3 '1D6' '1D6*9223372036854775807'
