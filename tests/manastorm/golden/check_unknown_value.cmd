# MS-SCN-VAL-2..6: unknown values, with the nearest
check scenarios/unknown_value.yaml
