check scenarios/tag.yaml
