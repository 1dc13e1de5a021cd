# Rules: BU-CUST-4 (対象Ｎ and 全体化 exclude each other).
check --lang en sheets/b_target_all.txt
