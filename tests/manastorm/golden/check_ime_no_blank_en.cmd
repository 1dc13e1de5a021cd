# MS-SCN-YAML-1: the same in English
--lang en check scenarios/ime_no_blank.yaml
