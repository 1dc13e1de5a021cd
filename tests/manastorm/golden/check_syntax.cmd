# MS-SCN-YAML-1: a YAML syntax error, located
check scenarios/syntax.yaml
