# A hand-checked league (derivations with the by-hand battles):
#  ヌト beats グリスク (the worked example: scores 1 vs −1, margin ±2);
#  グリスク beats 甲 and 乙 (passive, ＨＰ 10, 防御力 0): T1–T3 攻撃力 2,3,4;
#   T4 スピア 4×2 − 0 = 8 → 2, again 8 → −6: margin 10 − (−6) = 16 each;
#  ヌト beats 甲 and 乙: T2 魔法剣 ⌈10÷2⌉ = 5 → 5, T3 絶対剣 3 → 2, T4 3 → −1:
#   margin 10 − (−1) = 11 each;  甲 vs 乙: nobody acts, 10 vs 10, a draw.
# Standings (3/1/0): 1 ヌト 3-0-0 9 pts +24; 2 グリスク 2-0-1 6 pts +30;
#  3 乙 0-1-2 1 pt −27 and 3 甲 0-1-2 1 pt −27 (tie: same rank, by name).
# zz_bad.txt is illegal: reported on stderr, left out, exit 1.
# Rules: LG-PAIR-1 LG-POINTS-1.
league --lang en league
