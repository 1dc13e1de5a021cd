# Rules: BU-STORE-4 AM-TURN-3 (accepted: the ＨＰ 0 子 is built in turn 0
#  and builds 孫 then, at its age 0).
check sheets/b_hp0_fast.txt
