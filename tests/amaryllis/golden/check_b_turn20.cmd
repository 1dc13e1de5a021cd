# Rules: BU-STORE-3 (accepted: 遅延起動２０ fires in turn 20).
check sheets/b_turn20.txt
