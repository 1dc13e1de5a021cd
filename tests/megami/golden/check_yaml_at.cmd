# MG-SCN-YAML-1: '@' cannot start a value: translated, no English
check scenarios/yaml_at.yaml
