check --lang en scenarios/quoting.yaml
