# MS-SW-OUT-1 MS-SW-CRN-1: リナ's 発現値 3..12/3, 40 duels each from seed 1 (the same seeds for every value)
sweep ../../../examples/manastorm/table.yaml --vary participants.リナ.threshold=3..12/3 --runs 40 --seed 1 --jobs 2
