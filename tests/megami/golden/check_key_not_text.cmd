check scenarios/key_not_text.yaml
