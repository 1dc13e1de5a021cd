check scenarios/too_large.yaml
