# MG-BUDGET-1: the same in Japanese
--version >/dev/null; "$AMARYLLIS" fight scenarios/budget_20.yaml 2>/dev/null | grep -n "^エラー"; "$AMARYLLIS" fight scenarios/budget_20.yaml 2>/dev/null | wc -c | awk '{ print ($1 < 5000000 ? "log under 5000000 bytes" : "log of " $1 " bytes") }'; "$AMARYLLIS" fight scenarios/budget_20.yaml >/dev/null
