# MG-TRACK-13 in ja: --auto npc without a terminal, Enter at every PC
# prompt (8 lines, one a roll: both dice of a 2D6; the end of input is q, and no save).  Seed 3 as
# `megami fight --seed 3`: アリア 5 4 + 5 = 14 (Enter), オーガ 2 4 + 2 = 8
# rolled unasked; a 1 2: 3 3 + 4 = 10 against オーガ 2 5 + 1 = 8 (unasked): hit,
# 6 + 5 − 2 = 9, HP 21; e; オーガ> a 1 1（自動）, its dice unasked.
track --auto npc --seed 3 ../../../examples/megami/duel.yaml < track_auto.in
