# Rules: BU-CUST-2 (対象Ｎ is for supports only).
check --lang en sheets/b_target_on_attack.txt
