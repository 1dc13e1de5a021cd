# Rules: BU-STORE-4 AM-TURN-4 (the ライフ of 僧, built in turn 3 at the earliest, comes too late for the ＨＰ 0 零 built in turn 0).
check --lang en sheets/b_hp0_life_holder_late.txt
