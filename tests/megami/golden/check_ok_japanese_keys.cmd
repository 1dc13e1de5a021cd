check ../../../examples/megami/japanese_keys.yaml
