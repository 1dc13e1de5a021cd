# MS-LOG-2 the same duel as JSON
play --format json --seed 42 ../../../examples/manastorm/table.yaml
