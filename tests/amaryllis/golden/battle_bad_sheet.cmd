# An illegal sheet: its errors, no battle, exit 1.
# Rules: AM-UNIT-3 (its declared cost 2 is not the computed 1).
battle sheets/cost_mismatch.txt ../../../examples/nut.txt
