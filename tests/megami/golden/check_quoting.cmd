check scenarios/quoting.yaml
