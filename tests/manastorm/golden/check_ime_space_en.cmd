# MS-SCN-IN-2: the same in English
--lang en check scenarios/ime_space.yaml
