# Rules: BU-STORE-4 AM-STEP-2 AM-TURN-4 (甲 runs 命 before 呼 in turn 0: the ＨＰ 0 零 gets no ライフ and dies at the start of turn 1).
check sheets/b_hp0_life_before.txt
