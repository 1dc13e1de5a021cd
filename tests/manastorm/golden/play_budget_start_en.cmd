# MS-BUDGET-1: as play_budget_start in English: "limit of 1 event" (singular) and "stopped before the first battle", not "battle 0"
play --lang en --max-events 1 ../../../examples/manastorm/table.yaml
