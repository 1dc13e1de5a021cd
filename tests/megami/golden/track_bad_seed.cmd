# a bad --seed
track --lang en --seed x ../../../examples/megami/duel.yaml
