# MS-SCN-OUT: the example table.yaml, normalised
check ../../../examples/manastorm/table.yaml
