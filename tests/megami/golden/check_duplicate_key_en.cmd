check --lang en scenarios/duplicate_key.yaml
