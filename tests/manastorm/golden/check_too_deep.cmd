# MS-SCN-YAML-4: nesting is capped
check scenarios/too_deep.yaml
