# Rules: AM-UNIT-3 (a declared cost must equal the computed
#  one), AM-COST-1 (スピア: ⌈1 × 4 ÷ 4⌉ = 1).
check sheets/cost_mismatch.txt
