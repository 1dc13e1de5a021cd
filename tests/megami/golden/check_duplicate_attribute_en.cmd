check --lang en scenarios/duplicate_attribute.yaml
