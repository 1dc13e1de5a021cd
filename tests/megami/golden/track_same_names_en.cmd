# MG-TRACK-1 (GM review 2026-12-04, 2): a line is read after NFKC, so the
# names アリア1 and アリア１ of one legal scenario read the same; typing
# either was taken as the first (gm hp アリア１ 3 changed アリア1).
# Initiatives typed 3 3 each: アリア1 6 + 5 = 11, アリア１ 6 + 2 = 8, so
# アリア1 decides first; "gm hp アリア１ 3" and "a 1 アリア1" are refused,
# naming #1 and #2 to choose by number; "gm hp 2 3" sets アリア１'s HP
# 30 → 3; u takes it back and names it by number ("undone: gm hp 2 3": the
# name アリア１ would read as two characters); q; no save.
track --lang en --seed 1 same_names.yaml < track_same_names.in
