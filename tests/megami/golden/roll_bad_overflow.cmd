# numbers and constants must fit 64 bits: the number, then the + that overflows
roll '1D6+99999999999999999999' '2D6+9223372036854775807+1>=8'
