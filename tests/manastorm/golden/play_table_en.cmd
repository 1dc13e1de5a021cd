# MS-LOG-1 the same duel in English
play --lang en --seed 42 ../../../examples/manastorm/table.yaml
