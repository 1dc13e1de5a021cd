# MG-TRACK-4, MG-MOVE-2 (review D4): the move lines show where a move can
# end, an able enemy on the way stopping it.  A at 6, allowance 5 + 3 = 8;
# B (able) at 0, C at 20.  戦闘移動 up to 8 m: 6 − 8 = −2, but B stops it at
# 0; 6 + 8 = 14 (C beyond): "0 to 14".  全力移動 up to 24 m: −18 → 0, 30 → 20
# (C): "0 to 20".  Initiative 6 6 + 3 = 15, B and C 1 1 + 0 = 2; m -2 goes
# to 0, stopped by B, as the line said; one action of the two is left, a
# 簡易 or a 通常 (M4: not both), and said so; A now stands with B (able):
# the move lines say 離脱 against B comes first (MG-MOVE-3); q; no replay.
track --lang en --seed 0 track_move_range.yaml < track_move_range.in
