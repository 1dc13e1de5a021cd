# MS-START-1 decks as given (shuffle: false), English
play --lang en ../../../examples/manastorm/fixed_decks.yaml
