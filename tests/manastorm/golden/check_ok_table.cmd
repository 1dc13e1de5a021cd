# MS-SCN-OUT-1: the example table.yaml, normalised
check ../../../examples/manastorm/table.yaml
