# --matrix followed by a sheet: getopt takes grisk.txt as the cross table's file, and it replaced the sheet
# (review 2026-12-07); it exists and does not begin "rank," (no cross table of ours): refused, exit 1, the sheet
# intact (cmp), no league played; a previous cross table is replaced as before (league_matrix).
--version >/dev/null; d=$(mktemp -d) && cp ../../../examples/grisk.txt "$d/grisk.txt" && "$AMARYLLIS" --lang en league --matrix "$d/grisk.txt" sheets/kou.txt sheets/otsu.txt >"$d/out" 2>&1; rc=$?; sed "s|$d|DIR|" "$d/out"; cmp ../../../examples/grisk.txt "$d/grisk.txt" && echo "grisk.txt intact"; rm -rf "$d"; exit $rc
