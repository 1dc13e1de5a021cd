# MS-BUDGET-1 MS-LOG-5: as play_budget_start, as JSON: the table's first event (リナ's shuffle, battle 0) and no more; "error" is the engine's words, "limit of 1 event before the first battle" (designer review 2026-12-06: it said "1 events (battle 0, round 0)", where the text log had been mended), exit 1
play --format json --max-events 1 ../../../examples/manastorm/table.yaml
