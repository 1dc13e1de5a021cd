# MG-TRACK-2: values on one line are the rest of the roll under way, never
# more (review D3: "2 2 2 2 6 6" at アリア's initiative made a later attack a
# critical; the 9th and later values of a line were dropped).  Seed 3:
# "2 2 2 2 6 6", "6 6 1" and ten 1s are refused at アリア's 2D6 (it needs
# 2); "6 6": 12 + 5 = 17; "1 1": オーガ 2 + 2 = 4.  a 1 2: "4 4 1" refused,
# "4 4": 8 + 4 = 12; "1 2": オーガ 3 + 1 = 4 < 12, hit; damage 1D6: "6 6"
# refused (1 die), "6": 6 + 5 = 11 − impact 2 = 9, オーガ HP 21; q; no save.
track --lang en --seed 3 ../../../examples/megami/duel.yaml < track_dice_ahead.in
