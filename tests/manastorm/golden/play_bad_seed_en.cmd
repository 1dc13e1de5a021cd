# usage: --seed 0 … 2^64−1
play --lang en --seed -1 ../../../examples/manastorm/table.yaml
