# Rules: BU-STORE-3 (accepted: 孫 in turn 11 + 9 = 20, the last turn).
check sheets/b_chain20.txt
