# MS-BUDGET-1: scenarios/limit_5_battles.yaml is 81789 events with seed 0: a budget of exactly 81789 plays it to its end (the last lines), one less stops it in its last battle
--version >/dev/null; "$AMARYLLIS" play --lang en --max-events 81789 scenarios/limit_5_battles.yaml | tail -n 7; "$AMARYLLIS" play --lang en --max-events 81788 scenarios/limit_5_battles.yaml
