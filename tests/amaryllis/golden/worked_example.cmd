# The worked example at the end of the rules (the text's 戦闘例): the log must
# tell the same facts turn by turn — T1 シールド 防御力3, ブースト 攻撃力2,
# 命の剣 ライフ; T2 ブースト 3, 魔法剣 5 damage (グリスク 5); T3 ブースト 4, 絶対剣 3
# (グリスク 2); T4 スピア 7 (ヌト 3), スピア 7 (ヌト −4), ライフ → 1, 絶対剣 3
# (グリスク −1) — and end with ヌトの勝利.
# Rules: AM-STEP-1 AM-STEP-2 AM-CUST-1 AM-CUST-2 AM-CUST-4
#  AM-CLASS-1 AM-CLASS-2 AM-CLASS-3 AM-CLASS-4 AM-CLASS-5
#  AM-CLASS-9 AM-DEATH-1 AM-STATE-5 AM-JUDGE-1 AM-RESULT-1.
battle ../../../examples/grisk.txt ../../../examples/nut.txt
