# check --format json (the document POST /api/check answers with).
# グリスク: 技術 = 10 − (10÷5 + 1 + 1 + 2) = 4 (AM-UNIT-1).  Costs (AM-COST-1):
# シールド 防御力＋２＜リミテッド＞ = ⌈2÷2⌉ = 1; スピア 直接攻撃＜遅延起動４＞
# ＜効果２倍＞ = ⌈1×4÷4⌉ = 1; ブースト 攻撃力＋１ = 1.  used = the four slots
# シールド、スピア、スピア、ブースト = 1+1+1+1 = 4 ≤ 技術 4, so ok: true.
check --format json ../../../examples/grisk.txt
