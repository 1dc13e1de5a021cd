# MS-SCN-KEY-3: one key twice, in either spelling
check scenarios/duplicate_key.yaml
