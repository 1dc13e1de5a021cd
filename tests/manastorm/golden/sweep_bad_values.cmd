# MS-SW-ERR-1: the values 5..3 (a > b)
sweep ../../../examples/manastorm/table.yaml --vary battles=5..3
