# MS-SW-ERR-1: the same in English
--lang en sweep ../../../examples/manastorm/table.yaml --vary storm_match=1..3
