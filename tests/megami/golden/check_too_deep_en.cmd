check --lang en scenarios/too_deep.yaml
