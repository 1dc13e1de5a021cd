# Rules: BU-CUST-1 (配置Ｎ is for ビルド only).
check --lang en sheets/b_place_on_attack.txt
