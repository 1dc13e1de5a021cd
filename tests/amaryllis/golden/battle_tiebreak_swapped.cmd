# Sides swapped, same seed: the same unit wins (the battle stays symmetric).
# Rules: AM-RESULT-2 AM-SYM-1.
battle --tie-break 1 sheets/otsu.txt sheets/kou.txt
