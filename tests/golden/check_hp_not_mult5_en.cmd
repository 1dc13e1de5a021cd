check --lang en sheets/hp_not_mult5.txt
