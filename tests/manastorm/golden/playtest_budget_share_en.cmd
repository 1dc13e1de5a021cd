# MS-BUDGET-2: without --max-events each of N duels gets the smaller of 100000 and 10^10 / N events: 200000 duels of limit_5_battles.yaml (82617 events for seed 0) get 50000 each, and run 0 stops there
playtest --lang en --runs 200000 --jobs 2 scenarios/limit_5_battles.yaml
