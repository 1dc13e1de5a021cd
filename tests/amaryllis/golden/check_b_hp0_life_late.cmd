# Rules: BU-STORE-4 AM-TURN-4 (the ＨＰ 0 ビルディア built in turn 0 could
#  have ライフ only from a 命 usable from turn 1: it dies at the start of
#  turn 1, and its ビルド is usable from turn 1).
check sheets/b_hp0_life_late.txt
