check scenarios/duplicate_key.yaml
