# MS-SCN-TOP-1, MS-SCN-PART-1: required keys
--lang en check scenarios/missing_keys.yaml
