check scenarios/indent.yaml
