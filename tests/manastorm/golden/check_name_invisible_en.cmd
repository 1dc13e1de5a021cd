# MS-SCN-VAL-7: invisible characters in names, each at its name, in English
check --lang en scenarios/name_invisible.yaml
