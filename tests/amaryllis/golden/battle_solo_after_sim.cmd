# A single unit's step right after a simultaneous step gets its own header
# （単独行動）, as the JSON log numbers it a step of its own (step 5, units
# 1): turn 1 is sim(将, 敵: 速, 守), then 兵#2 alone (素早さ 3 now, the
# highest with AP: 突 → 敵 9 through the ガード), then sim(将, 敵: 撃).
# Before, 兵#2's attack was printed under the first （同時行動）.  In turn 2
# 兵#2 acts first: no header (the turn heading starts it).
# Rules: BU-ORDER-1 BU-TARGET-1 AM-LOG-1 BU-RESULT-2.
battle sheets/b_solo_after_sim_a.txt sheets/b_solo_after_sim_b.txt
