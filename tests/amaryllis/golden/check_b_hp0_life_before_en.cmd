# Rules: BU-STORE-4 AM-STEP-2 AM-TURN-4 (as check_b_hp0_life_before, in English).
check --lang en sheets/b_hp0_life_before.txt
