# MS-SCN-VAL-1: the scenario is a mapping
check scenarios/not_mapping.yaml
