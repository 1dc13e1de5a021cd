# MS-SCN-OUT-1: the example japanese.yaml, normalised
check ../../../examples/manastorm/japanese.yaml
