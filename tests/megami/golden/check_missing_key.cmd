check scenarios/missing_key.yaml
