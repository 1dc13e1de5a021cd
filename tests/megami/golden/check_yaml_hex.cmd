# MG-SCN-YAML-1: a bad \x escape: translated
check scenarios/yaml_hex.yaml
