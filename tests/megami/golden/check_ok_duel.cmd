check ../../../examples/megami/duel.yaml
