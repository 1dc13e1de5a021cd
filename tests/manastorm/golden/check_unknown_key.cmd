# MS-SCN-KEY-2: unknown keys, with the nearest (either language)
check scenarios/unknown_key.yaml
