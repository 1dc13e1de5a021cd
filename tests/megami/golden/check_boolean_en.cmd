check --lang en scenarios/boolean.yaml
