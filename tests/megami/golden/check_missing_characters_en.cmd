check --lang en scenarios/missing_characters.yaml
