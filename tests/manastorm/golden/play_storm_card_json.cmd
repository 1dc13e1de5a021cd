# MS-ATTACK-4 MS-STORM-1, MS-STORM-2, MS-STORM-3, MS-STORM-4, MS-STORM-5, MS-STORM-6, MS-STORM-7 storm_match card, two warriors a side, seed 3
play --format json --seed 3 ../../../examples/manastorm/storm_card.yaml
