# Rules: BU-STORE-4 AM-DEATH-1 (accepted: 甲 gives the ＨＰ 0 親 ライフ in
#  turn 0 with 対象１ and 高速起動, and 親 lives on to build 子 in turn 1).
check sheets/b_hp0_life_ally.txt
