# Rules: BU-STORE-4 AM-TURN-4 (the ＨＰ 0 entry unit acts only in turn 0,
#  and its ビルド is usable from turn 1).
check sheets/b_hp0_turn0.txt
