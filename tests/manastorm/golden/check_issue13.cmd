# Issue 13 (MS-SCN-LIMIT-1): the reproduced scenario (battles and rounds_per_battle 10^6) is refused at both values
check scenarios/issue13.yaml
