# The same in English: (single step) after a (simultaneous step).
# Rules: BU-ORDER-1 AM-LOG-1.
--lang en battle sheets/b_solo_after_sim_a.txt sheets/b_solo_after_sim_b.txt
