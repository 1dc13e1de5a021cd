# MG-DICE-COM-5 MG-DICE-LIMIT: a choice is not held to an expression's 1024 bytes (BCDice 4.9.0 rolls it; its only limit is 100 items): choice[ゴブリン0,…,ゴブリン89] is 1347 bytes with no blank (7 + 90·12 + 10 + 80·2 + 89 + 1); the die 5 picks the fifth item, ゴブリン4
--version >/dev/null; "$AMARYLLIS" roll --dice 5 -- "choice[$(printf 'ゴブリン%d,' $(seq 0 88))ゴブリン89]"
