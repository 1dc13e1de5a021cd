# MG-TRACK-5 (review D2): the save prompt never replaces the scenario being
# played (d2.yaml) or the --log file (same.txt, spelled ./same.txt: it does
# not exist yet, the same folder and name), and asks before it replaces
# another file: keep.txt exists, n keeps it (asked again), y replaces it.
# Afterwards d2.yaml is still the scenario, keep.txt the replay, same.txt
# the log.  Seed 3: dice 6 6 1 1 typed, then q.
--version >/dev/null; s=$PWD; d=$(mktemp -d) && cp ../../../examples/megami/duel.yaml "$d/d2.yaml" && echo old > "$d/keep.txt" && cd "$d" && "$AMARYLLIS" track --lang en --seed 3 --log same.txt d2.yaml < "$s/track_save_guard.in"; rc=$?; head -n 1 d2.yaml keep.txt same.txt; grep -v '^|' keep.txt; cd / && rm -rf "$d"; exit $rc
