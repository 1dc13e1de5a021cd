# Issue 13 (MG-SCN-LIMIT-1): the reproduced scenario, round_limit 2^63 - 1, is refused where the value is
check scenarios/issue13_round_limit.yaml
