# "-" reads a sheet from standard input.
battle - ../../../examples/nut.txt < ../../../examples/grisk.txt
