# --svg followed by the scenario: getopt takes duel.yaml as the picture's file (review 2026-12-07: it was
# replaced); it exists and its first character is not '<' (no SVG): refused before any run, exit 1, intact
--version >/dev/null; d=$(mktemp -d) && cp ../../../examples/megami/duel.yaml "$d/duel.yaml" && "$AMARYLLIS" fight --runs 10 --svg "$d/duel.yaml" "$d/duel.yaml" >"$d/out" 2>&1; rc=$?; sed "s|$d|DIR|" "$d/out"; cmp ../../../examples/megami/duel.yaml "$d/duel.yaml" && echo "duel.yaml intact"; rm -rf "$d"; exit $rc
