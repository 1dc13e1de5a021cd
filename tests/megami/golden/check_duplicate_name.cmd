check scenarios/duplicate_name.yaml
