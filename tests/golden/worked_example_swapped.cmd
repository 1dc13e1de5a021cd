# Sides swapped: the battle mirrors exactly, ヌト still wins in turn 4.
battle ../../examples/nut.txt ../../examples/grisk.txt
