check --lang en scenarios/not_decimal.yaml
