check scenarios/no_characters.yaml
