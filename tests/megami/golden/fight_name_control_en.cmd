# MG-SCN-VAL-7: fight reads names as check does (it printed ESC and BEL raw to the terminal)
fight --lang en --seed 1 name_control.yaml
