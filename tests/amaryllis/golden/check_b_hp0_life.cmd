# Rules: BU-STORE-4 AM-DEATH-1 (accepted: the ＨＰ 0 entry unit gives
#  itself ライフ in turn 0 and lives on).
check sheets/b_hp0_life.txt
