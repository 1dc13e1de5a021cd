# MG-SCN-VAL-7: invisible characters in names (name_invisible.yaml), in English
check --lang en name_invisible.yaml
