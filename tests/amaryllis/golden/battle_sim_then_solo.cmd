# After a simultaneous step, every single unit's step of the turn gets its
# heading （単独行動）, not only the first: turn 1 is sim(甲 速 → 素早さ 4,
# 乙 打 → 甲 4), then 甲 alone (素早さ 4: 打 → 乙 9), then 乙 alone (its
# second 打 → 甲 3).  In turn 2 no simultaneous step: no headings.  By
# hand: 甲 loses 2 a turn from turn 2 and dies in turn 3 at 0; 乙 7.
# Rules: AM-STEP-1 AM-AP-1 AM-CLASS-6 AM-LOG-1 AM-RESULT-1.
battle sheets/sim_then_solo_a.txt sheets/sim_then_solo_b.txt
