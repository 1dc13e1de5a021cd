# MS-BUDGET-2: run 0 stops at its second event (a budget of 1): "the limit of 1 event a duel", singular
playtest --lang en --runs 2 --jobs 1 --max-events 1 ../../../examples/manastorm/table.yaml
