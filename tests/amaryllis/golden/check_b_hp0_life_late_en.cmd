# Rules: BU-STORE-4 AM-TURN-4 (as check_b_hp0_life_late, in English).
check --lang en sheets/b_hp0_life_late.txt
