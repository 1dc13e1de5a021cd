# MS-SW-ERR-1: a field that cannot vary is named
sweep ../../../examples/manastorm/table.yaml --vary participants.リナ.suit=1..3
