check --lang en scenarios/missing_key.yaml
