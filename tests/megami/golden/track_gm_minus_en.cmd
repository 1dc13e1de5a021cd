# MG-TRACK-9 (GM review 2026-12-04, 7): the minus of a number may be U+2212
# MINUS SIGN, which NFKC keeps and an IME or a rulebook gives.  Initiatives
# typed 3 3 each (アリア 11, オーガ 8); at アリア's decision "gm pos オーガ
# −3" moves オーガ to −3 m; "−9223372036854775809" is out of range (before,
# none of these read as a number); "gm hp オーガ −5" makes it incapacitated, which ends
# the combat (PC wins); the input ends: no save.
track --lang en --seed 1 ../../../examples/megami/duel.yaml < track_gm_minus.in
