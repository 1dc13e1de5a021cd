# MS-SW-CHECK-1 MS-SCN-LIMIT-1: a value past the limits makes the scenario illegal: a usage error before any duel
sweep --lang en --vary battles=99..101 --runs 4 scenarios/limit_5_battles.yaml
