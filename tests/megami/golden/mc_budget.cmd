# MG-BUDGET-2 (Japanese): --max-events with --runs is the budget of each run: 1000 events stop run 0 of the 1000-round duel (any --jobs)
fight --runs 10 --max-events 1000 --jobs 3 scenarios/limit_duel_1000.yaml
