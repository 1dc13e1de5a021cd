check --lang en scenarios/unknown_key.yaml
