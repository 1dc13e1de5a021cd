# Issue 13 (MS-SCN-LIMIT-1): play refuses the reproduced scenario before any round
play --lang en scenarios/issue13.yaml
