check --lang en scenarios/ranges.yaml
