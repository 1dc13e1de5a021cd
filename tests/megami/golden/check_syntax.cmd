check scenarios/syntax.yaml
