check --lang en scenarios/key_not_text.yaml
