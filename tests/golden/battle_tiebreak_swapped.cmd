# Sides swapped, same seed: the same unit wins (the battle stays symmetric).
battle --tie-break 1 sheets/otsu.txt sheets/kou.txt
