# battle needs exactly two sheets: usage error, exit 2.
battle ../../../examples/grisk.txt
