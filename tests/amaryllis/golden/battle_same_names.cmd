# Derivation: both 甲 have 素早さ 1 (AP 1 a turn), so from turn 1 they act
# in one simultaneous step a turn.  Turn 1: 甲（Ｂ）'s 構え (support, first)
# makes its 防御力 2, then 甲（Ａ）'s 突き deals 1 − 2 = −1: fails.  Turns
# 2–20: 突き each: −1 on 甲（Ｂ） (fails), 1 − 1 = 0 on 甲（Ａ）.  After turn
# 20 both have ＨＰ 10: a draw.  Both units are named 甲, so each is told
# with its side's mark: （Ａ） the first sheet, （Ｂ） the second.
# Rules: AM-LOG-2 AM-RESULT-1, AM-LOG-1 (from turn 2 the simultaneous
# attacks are logged side A's first).
battle sheets/same_a.txt sheets/same_b.txt
