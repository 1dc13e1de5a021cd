# MS-SW-ERR-1: nobody of that name
sweep ../../../examples/manastorm/table.yaml --vary participants.ナナ.threshold=1..3
