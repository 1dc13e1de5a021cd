# Rules: BU-STORE-4 AM-TURN-3 BU-BUILD-3 (the ＨＰ 0 子 of b_hp0_fast.txt is
#  built in turn 0 and builds 孫 in turn 0).
battle --format json sheets/b_hp0_fast.txt sheets/wall.txt | grep '"build"' | head -n 2
