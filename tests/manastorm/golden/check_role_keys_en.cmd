# MS-SCN-PART-4, MS-SCN-PART-6, MS-SCN-PART-7: the keys of each role
--lang en check scenarios/role_keys.yaml
