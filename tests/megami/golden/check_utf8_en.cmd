check --lang en scenarios/utf8.yaml
