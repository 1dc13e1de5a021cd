check --lang en scenarios/many_errors.yaml
