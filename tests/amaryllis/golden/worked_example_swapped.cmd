# Sides swapped: the battle mirrors exactly, ヌト still wins in turn 4.
# Rules: AM-SYM-1.
battle ../../../examples/nut.txt ../../../examples/grisk.txt
