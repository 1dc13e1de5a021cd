# Japanese keys and values, seed 1
play --seed 1 ../../../examples/manastorm/japanese.yaml
