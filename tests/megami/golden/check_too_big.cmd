check --max-bytes 64 ../../../examples/megami/duel.yaml
