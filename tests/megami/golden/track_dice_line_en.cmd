# MG-TRACK-2 (track review W4): the dice of a roll on one line, as players
# who roll online report them.  Seed 3, duel.yaml.  アリア's 2D6+5: "7" is
# refused as a total (it can't be split into dice), "66" as the dice side
# by side, asked with a blank (GM review 2026-12-04, 6), "6 6 1" as 3 dice for
# 2, "６、６" (full width, an ideographic comma) is 6 6: 12 + 5 = 17;
# オーガ's "1,1": 2 + 2 = 4.  a 1 2: a player's BCDice judgement pasted,
# "SRS : (2D6+4>=10[12,2]) ＞ 8[4,4]+4 ＞ 12 ＞ 成功", gives 4 4, the
# brackets after the command it echoes, not its [12,2] (GM review
# 2026-12-04 1): 8 + 4 = 12; "１，２" (full-width comma): オーガ 3 + 1 = 4
# < 12, hit; damage 1D6: "13" is no total of 1 die: "type a value from 1
# to 6"; "SRS : (1D6) ＞ 6", BCDice's 1D6, which has no brackets (GM review
# D2): 6 + 5 = 11 − impact 2 = 9, オーガ HP 21; q; no save.
track --lang en --seed 3 ../../../examples/megami/duel.yaml < track_dice_line.in
