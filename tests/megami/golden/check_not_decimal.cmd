check scenarios/not_decimal.yaml
