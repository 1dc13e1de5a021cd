# MS-SCN-KEY-3: one key twice, in either spelling
--lang en check scenarios/duplicate_key.yaml
