# MG-SCN-YAML-1: the same in English
--lang en check scenarios/yaml_at.yaml
