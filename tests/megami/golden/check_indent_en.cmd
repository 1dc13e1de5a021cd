check --lang en scenarios/indent.yaml
