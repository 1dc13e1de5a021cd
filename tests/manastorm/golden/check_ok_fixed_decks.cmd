# MS-SCN-OUT: the example fixed_decks.yaml, normalised
check ../../../examples/manastorm/fixed_decks.yaml
