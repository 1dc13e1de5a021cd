check scenarios/ranges.yaml
