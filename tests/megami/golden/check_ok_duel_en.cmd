check --lang en ../../../examples/megami/duel.yaml
