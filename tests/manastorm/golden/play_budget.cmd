# MS-BUDGET-1: the same in Japanese, as JSON (no output either)
play --format json scenarios/limit_longest.yaml
