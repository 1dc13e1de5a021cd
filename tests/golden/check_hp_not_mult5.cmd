check sheets/hp_not_mult5.txt
