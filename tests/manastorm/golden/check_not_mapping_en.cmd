# MS-SCN-VAL-1: the scenario is a mapping
--lang en check scenarios/not_mapping.yaml
