# MS-SCN-OUT: the example japanese.yaml, normalised
check ../../../examples/manastorm/japanese.yaml
