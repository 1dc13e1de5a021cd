# MS-ATTACK-4 MS-STORM-1..7 storm_match card, two warriors a side, seed 3
play --format json --seed 3 ../../../examples/manastorm/storm_card.yaml
