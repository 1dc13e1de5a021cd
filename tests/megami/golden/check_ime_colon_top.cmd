# MG-SCN-YAML-1: a one-line file 'round_limit：10' reads as a text: the colon is named
check scenarios/ime_colon_top.yaml
