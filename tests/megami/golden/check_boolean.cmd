check scenarios/boolean.yaml
