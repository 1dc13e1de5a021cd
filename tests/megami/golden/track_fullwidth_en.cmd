# MG-TRACK-1 (review W2): commands are read after NFKC, as megami roll and
# scenarios read an IME's input, and a command word in capitals as in
# lower case.  Seed 3: "６　６" (full-width digits, U+3000): アリア 12 + 5 =
# 17; "１ １": オーガ 2 + 2 = 4; "ｇｍ　ｈｐ　オーガ　９": HP 30 → 9;
# "A　１　２": the attack, "４ ４" 8 + 4 = 12 against "１　２" 3 + 1 = 4, hit;
# "６": 6 + 5 = 11 − impact 2 = 9, オーガ HP 0, 戦闘不能: PCs win; "Ｑ" at
# "combat over"; no replay.
track --lang en --seed 3 ../../../examples/megami/duel.yaml < track_fullwidth.in
