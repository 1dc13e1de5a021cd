# MS-SW-ERR-1: mp of a warrior
--lang en sweep ../../../examples/manastorm/table.yaml --vary participants.カイ.mp=1..3
