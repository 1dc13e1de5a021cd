# Derivation: both 甲 have 素早さ 1 (AP 1 a turn), so from turn 1 they act
# in one simultaneous step a turn.  Turn 1: 甲（Ｂ）'s 構え (support, first)
# makes its 防御力 2, then 甲（Ａ）'s 突き deals 1 − 2 = −1: fails.  Turns
# 2–20: 突き each: −1 on 甲（Ｂ） (fails), 1 − 1 = 0 on 甲（Ａ）.  After turn
# 20 both have ＨＰ 10: a draw.  Both units are named 甲, so each is told
# with its side's mark: （Ａ） the first sheet, （Ｂ） the second.
# Seed 1: splitmix64(1) has low bit 1, so the draw goes to the second of
# the two sheets in content order (same name: am_team_compare; same_a.txt
# sets 1 action, same_b.txt 2: same_a.txt first), same_b.txt: 甲（Ｂ）.
# Rules: AM-LOG-2 AM-RESULT-2 AM-SYM-1.
battle --tie-break 1 sheets/same_a.txt sheets/same_b.txt
