# MS-SCN-IN-3, MS-SCN-CARD-2: the same in English
--lang en check scenarios/fullwidth_bad.yaml
