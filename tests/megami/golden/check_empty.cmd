check scenarios/empty.yaml
