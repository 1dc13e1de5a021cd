# MG-DICE-COM-5 MG-DICE-COM-10 MG-DICE-COM-1 with --format json: a choice of a
# range of more than 100 numbers answers BCDice's 項目数は100以下としてください
# (also in a repeat, each time), rolling no die; BCDice builds that answer and
# nTx's "sides past 20" one with Result.new(text), so they are not secret
# even with S (npm bcdice 4.9.0: secret false); Sx2 makes the repeat secret.
# No die is rolled, so the note says the one --dice value was not used.
roll --format json --dice 1 -- 'choice[1-200]' 'x2 choice[1-200]' 'Schoice[1-101]' 'S5TY21' 'Sx2 choice[1-101]'
