# Rules: AM-UNIT-4 (the actions set cost 1 + 1 + 3 = 5 > 技術 4).
check sheets/tech_over.txt
