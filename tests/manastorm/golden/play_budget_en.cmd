# MS-BUDGET-1: the longest legal duel (scenarios/limit_longest.yaml, 1590016 events with seed 0) stops at the default budget of 100000 events: nothing on stdout, the message, exit 1
play --lang en scenarios/limit_longest.yaml
