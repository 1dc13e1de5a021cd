check --lang en scenarios/unknown_value.yaml
