check --lang en scenarios/no_characters.yaml
