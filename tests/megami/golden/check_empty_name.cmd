check scenarios/empty_name.yaml
