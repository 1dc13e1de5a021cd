check scenarios/too_deep.yaml
