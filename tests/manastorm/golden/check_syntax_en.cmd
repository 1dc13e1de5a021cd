# MS-SCN-YAML-1: a YAML syntax error, located
--lang en check scenarios/syntax.yaml
