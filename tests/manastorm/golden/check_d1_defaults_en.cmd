# MS-SCN-PART-1, -4, -5, -7, MS-SCN-OUT-1: as check_d1_defaults, in English
--lang en check scenarios/d1_defaults.yaml
