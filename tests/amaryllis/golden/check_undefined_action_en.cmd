# Rules: AM-UNIT-3 (an action set but never defined).
check --lang en sheets/undefined_action.txt
