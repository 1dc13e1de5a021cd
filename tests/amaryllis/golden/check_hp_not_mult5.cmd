# Rules: AM-UNIT-2 (ＨＰ is a multiple of 5).
check sheets/hp_not_mult5.txt
