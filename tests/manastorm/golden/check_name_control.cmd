# MS-SCN-VAL-7: control characters in names, each at its name
check scenarios/name_control.yaml
