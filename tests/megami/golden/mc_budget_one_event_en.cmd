# MG-BUDGET-2: a budget of one event stops the first run at its first event (the round's start); the series names that run and says "1 event a run", not "1 events" (review of 2026-12-06's diff: the engine's words were mended, this one was not); exit 1
fight --lang en --runs 3 --max-events 1 ../../../examples/megami/duel.yaml
