# MS-LOG-1: the end when neither side has a warrior left says both sides, not "a side"
play --lang en scenarios/both_fall_step6.yaml
