# MS-SCN-YAML-1: no blank after the colon of a key, named at the colon
check scenarios/ime_no_blank.yaml
