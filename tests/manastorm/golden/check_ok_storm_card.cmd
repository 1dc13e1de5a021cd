# MS-SCN-OUT-1: the example storm_card.yaml, normalised
check ../../../examples/manastorm/storm_card.yaml
