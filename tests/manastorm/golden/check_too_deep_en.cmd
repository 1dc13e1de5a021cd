# MS-SCN-YAML-4: nesting is capped
--lang en check scenarios/too_deep.yaml
