# MG-SCN-VAL-7: control characters in names, each at its name
check --lang en name_control.yaml
