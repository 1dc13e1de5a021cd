# MS-SCN-YAML-5: an empty scenario
--lang en check scenarios/empty.yaml
