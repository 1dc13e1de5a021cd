# MS-SCN-YAML-1: a full-width colon after a key, named at the colon
check scenarios/ime_colon.yaml
