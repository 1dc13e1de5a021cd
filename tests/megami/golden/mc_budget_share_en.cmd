# MG-BUDGET-2: without --max-events a series of N runs gives each run the smaller of 100000 and 10^10 / N events: a million runs of the 1000-round duel (13745 events each) get 10000, and run 0 stops there
fight --lang en --runs 1000000 --jobs 2 scenarios/limit_duel_1000.yaml
