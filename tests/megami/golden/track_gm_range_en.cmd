# MG-SCN-LIMIT-2 MG-TRACK-9: the GM's HP and position are held to the scenario's bound (±10^12), said as out of range
# (a whole number beyond 64 bits too; "x1" is not a whole number); a move beyond 64 bits is out of range of 64 bits;
# 10^12 itself is taken. Dice: Enter would need a generator, so --seed 1 rolls them (a at the first die).
track --lang en --seed 1 ../../../examples/megami/duel.yaml < track_gm_range.in
