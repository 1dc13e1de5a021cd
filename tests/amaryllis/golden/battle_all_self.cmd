# A 全体化 support names every unit it reaches, its actor too: 全力 ⇒壁#2の
# 攻撃力１ ⇒守護の攻撃力１, 全盾 ⇒壁#2に…付与 ⇒守護に…付与, 全治 ⇒壁#2のＨＰ５
# に回復 ⇒守護のＨＰ５に回復 (before, the actor's share had no name and read
# as a repeat).  A plain support still tells its actor's gain without a
# name (battle_solo_after_sim has a 対象１ that lands on its actor, named).
# By hand: 弓 hits both for 1 a turn: T1 4/4, T2 ガード ⌈1÷2⌉ = 1 → 3/3,
# T3 全治 → 5 then 4, … both die at ＨＰ 0 in T7: 0 against 10, 弓の勝利.
# Rules: BU-ALL-1 AM-CLASS-4 AM-CLASS-7 AM-CLASS-10 BU-RESULT-2.
battle sheets/b_all_self.txt sheets/b_all_bow.txt
