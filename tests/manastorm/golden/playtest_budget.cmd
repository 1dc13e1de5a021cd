# MS-BUDGET-2: --max-events is the budget of each duel (any --jobs)
playtest --runs 10 --max-events 1000 --jobs 3 scenarios/limit_5_battles.yaml
