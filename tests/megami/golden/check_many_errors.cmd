check scenarios/many_errors.yaml
