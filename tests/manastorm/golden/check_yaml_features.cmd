# MS-SCN-YAML-2, MS-SCN-YAML-3: no anchors, aliases, tags, second documents
check scenarios/yaml_features.yaml
