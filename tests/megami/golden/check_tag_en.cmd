check --lang en scenarios/tag.yaml
