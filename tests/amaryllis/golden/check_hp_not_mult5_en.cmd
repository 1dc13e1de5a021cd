# Rules: AM-UNIT-2 (ＨＰ is a multiple of 5).
check --lang en sheets/hp_not_mult5.txt
