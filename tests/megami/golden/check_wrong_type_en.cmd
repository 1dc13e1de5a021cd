check --lang en scenarios/wrong_type.yaml
