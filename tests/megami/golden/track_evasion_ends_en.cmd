# MG-TRACK-3 (review 2026-12-06): an evasion whose target no sum can reach says that only a 12 (critical) evades, and one that every sum reaches says that every roll but 2 (fumble) evades (derivation in track_evasion_ends.yaml); Enter for every question, seed 0
--version >/dev/null; yes "" | "$AMARYLLIS" track --lang en --seed 0 track_evasion_ends.yaml
