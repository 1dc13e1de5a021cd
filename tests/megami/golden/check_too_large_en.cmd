check --lang en scenarios/too_large.yaml
