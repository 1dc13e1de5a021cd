check scenarios/wrong_type.yaml
