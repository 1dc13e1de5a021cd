check --lang en scenarios/empty_name.yaml
