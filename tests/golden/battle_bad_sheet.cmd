# An illegal sheet: its errors, no battle, exit 1.
battle sheets/cost_mismatch.txt ../../examples/nut.txt
