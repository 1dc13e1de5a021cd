check --lang en scenarios/syntax.yaml
