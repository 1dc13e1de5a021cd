# MS-BUDGET-2: a sweep's duels have the budget too: 20000 events are enough for one battle (about 16000), not for two
sweep --lang en --vary battles=1..3 --runs 4 --max-events 20000 --jobs 2 scenarios/limit_5_battles.yaml
