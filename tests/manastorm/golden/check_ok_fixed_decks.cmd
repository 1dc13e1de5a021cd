# MS-SCN-OUT-1: the example fixed_decks.yaml, normalised
check ../../../examples/manastorm/fixed_decks.yaml
