# Issue 13 (MG-SCN-LIMIT-1): fight refuses the reproduced scenario before any round (it used to write 500 MB in 15 s)
fight --lang en scenarios/issue13_round_limit.yaml
