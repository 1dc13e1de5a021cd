# MG-SCN-VAL-7: invisible characters in names (name_invisible.yaml), in Japanese
check name_invisible.yaml
