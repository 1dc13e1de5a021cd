# MS-SCN-VAL-2..6: unknown values, with the nearest
--lang en check scenarios/unknown_value.yaml
