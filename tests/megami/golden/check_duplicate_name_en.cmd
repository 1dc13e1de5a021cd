check --lang en scenarios/duplicate_name.yaml
