# Rules: AM-UNIT-5 (half-width notation reads as full-width).
check sheets/halfwidth.txt
