# MG-BUDGET-1, MG-TRACK-6: the tracker has the budget too (default 100000, far above a session at a table): with --max-events 12 and Enter for every question, the combat stops in round 1, the session says so, offers the replay (Enter: no), exit 1
--version >/dev/null; yes "" | "$AMARYLLIS" track --lang en --seed 0 --max-events 12 ../../../examples/megami/duel.yaml
