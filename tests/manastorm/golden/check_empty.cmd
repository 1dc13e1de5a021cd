# MS-SCN-YAML-5: an empty scenario
check scenarios/empty.yaml
