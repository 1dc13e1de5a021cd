# MS-SW-CHECK-1: the same in English
--lang en sweep ../../../examples/manastorm/table.yaml --vary participants.リナ.threshold=12..14
