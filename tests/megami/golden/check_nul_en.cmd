check --lang en scenarios/nul.yaml
