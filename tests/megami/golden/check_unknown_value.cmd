check scenarios/unknown_value.yaml
