# MS-SW-BEST-1 MS-SW-OUT-1 the best value (1) and a value marked as significantly lower (2: 4 of 30 against 12 of 30, [-46.1, -4.2]), issue 20
sweep ../../../examples/manastorm/table.yaml --vary battles=1..3 --runs 30 --seed 2
