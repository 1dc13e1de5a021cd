check scenarios/unknown_key.yaml
