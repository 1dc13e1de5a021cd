# MS-SCN-VAL-2, MS-SCN-VAL-3, MS-SCN-VAL-4, MS-SCN-VAL-5, MS-SCN-VAL-6: unknown values, with the nearest
check scenarios/unknown_value.yaml
