# Rules: BU-STORE-4 BU-BUILD-4 (子 has ＨＰ 0 and is built in turn 1 at the
#  earliest: it dies at once).
check sheets/b_hp0_late.txt
