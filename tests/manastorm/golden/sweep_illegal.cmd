# MS-SW-CHECK-1: 発現値 14 makes the scenario illegal (D7.11: 0-13)
sweep ../../../examples/manastorm/table.yaml --vary participants.リナ.threshold=12..14
