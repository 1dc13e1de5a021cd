# The same draw broken by the seeded draw: seed 1 picks one of the names
# taken in byte order.
# Rules: AM-RESULT-2.
battle --tie-break 1 sheets/kou.txt sheets/otsu.txt
