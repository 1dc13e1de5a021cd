# The ja messages of track_save_guard_en (the same session).
--version >/dev/null; s=$PWD; d=$(mktemp -d) && cp ../../../examples/megami/duel.yaml "$d/d2.yaml" && echo old > "$d/keep.txt" && cd "$d" && "$AMARYLLIS" track --seed 3 --log same.txt d2.yaml < "$s/track_save_guard.in"; rc=$?; head -n 1 d2.yaml keep.txt same.txt; grep -v '^|' keep.txt; cd / && rm -rf "$d"; exit $rc
