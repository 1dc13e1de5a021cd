# A key without its ':' ("side PC" on line 3) is shown on its own line, at the key (3:5), where the ':' belongs: libyaml finds it on the next line (4:5, "hp: 24", which is right), and the caret stood there (GM review 2026-12-06); a simple key is one line, so its ':' is on the key's
check scenarios/missing_colon.yaml
