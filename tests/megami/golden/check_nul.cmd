check scenarios/nul.yaml
