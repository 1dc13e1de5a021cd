# MS-BUDGET-1: scenarios/limit_5_battles.yaml is 82617 events with seed 0: a budget of exactly 82617 plays it to its end (the last lines), one less stops it in its last battle
--version >/dev/null; "$AMARYLLIS" play --lang en --max-events 82617 scenarios/limit_5_battles.yaml | tail -n 7; "$AMARYLLIS" play --lang en --max-events 82616 scenarios/limit_5_battles.yaml
