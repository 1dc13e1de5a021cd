check scenarios/utf8.yaml
