check --lang en scenarios/empty.yaml
