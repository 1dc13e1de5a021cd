# Rules: AM-UNIT-3 (an action set but never defined).
check sheets/undefined_action.txt
