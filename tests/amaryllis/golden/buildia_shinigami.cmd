# 死神使い (build 死神 in turn 3, 配置１ → directly in front) vs グリスク.
# By hand: T1–T3 斬撃 1−3 = −2 fails; T3 死神 built in front (its turn 0).
# T4 all three have 素早さ 2 → simultaneous steps.  Step 1: 鏡の剣 gives 死神
# 反射; スピア (4×2) aims at the front-most enemy 死神, is reflected, and one
# tempo later hits グリスク: 8 − 3 = 5 → ＨＰ 5; 斬撃 fails.  Step 2: デス剣
# X = 5 × 2, ⌈10÷2⌉ = 5 → グリスク ＨＰ 0; スピア 8 − 0 → 死神 ＨＰ 2 (same
# tempo).  グリスク dies → 死神使いの勝利.
# Rules: BU-BUILD-3 BU-PLACE-1 BU-ORDER-1 BU-LINE-1 AM-TEMPO-2
#  AM-TEMPO-8 AM-CLASS-3 AM-CUST-4 AM-TEMPO-6 BU-RESULT-1.
battle ../../../examples/shinigami.txt ../../../examples/grisk.txt
