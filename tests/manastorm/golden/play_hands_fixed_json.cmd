# MS-LOG-4 MS-LOG-2 the duel of play_hands_fixed as JSON: "hand" (hand order) on the hand events and on the
# enchants played from the hand (Rina ["H3","C12"], Mio ["C10","H1"]); no "deck" (nothing shuffled)
play --hands --format json ../../../examples/manastorm/fixed_decks.yaml
