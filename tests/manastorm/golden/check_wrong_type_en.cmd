# MS-SCN-VAL-1: values of the wrong type
--lang en check scenarios/wrong_type.yaml
