# MS-LOG-2: the end event's step 6 = both sides lost their last warrior to step 6's HP loss (the duel of play_both_fall_step6)
play --format json scenarios/both_fall_step6.yaml
