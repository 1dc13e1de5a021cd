# MG-SCN-VAL-7: control characters in names, each at its name
check name_control.yaml
