# MS-LOG-4 MS-LOG-2 the duel of play_hands_seeded as JSON: "deck" on shuffle and reshuffle events, "hand" on
# hand events and on enchants and attacks from the hand (arrays of cards, [] when empty)
play --hands --seed 6 --format json scenarios/hands_seeded.yaml
