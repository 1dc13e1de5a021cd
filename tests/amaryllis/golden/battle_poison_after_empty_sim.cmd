# The 毒 phase at the start of a turn is outside every step: no step header
# above it.  Before, the （同時行動） of the previous turn's last, empty
# simultaneous step (甲 and 乙, nothing to do) was still pending and was
# printed above 乙's poison line of the next turn.  By hand: T1 打 → 乙 4,
# 毒; T2–T5 毒 1 each → 乙 0 dies in T5: 甲の勝利, scores 10 and 0.
# Rules: AM-STATE-1 AM-STEP-3 AM-LOG-1.
battle sheets/poison_empty_a.txt sheets/poison_empty_b.txt
