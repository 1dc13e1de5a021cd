# MS-SCN-VAL-1: values of the wrong type
check scenarios/wrong_type.yaml
