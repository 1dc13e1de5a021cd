# --matrix and --svg naming a link that loops to itself: said before the league is played (language review
# 2026-12-07: the league ran, then the write failed without naming the option); the error names the option; exit 1.
--version >/dev/null; d=$(mktemp -d) && ln -s loop "$d/loop" && "$AMARYLLIS" --lang en league --matrix "$d/loop" sheets/kou.txt sheets/otsu.txt >"$d/out" 2>&1; rc=$?; "$AMARYLLIS" --lang en league --svg "$d/loop" sheets/kou.txt sheets/otsu.txt >>"$d/out" 2>&1; rc2=$?; sed "s|$d|DIR|" "$d/out"; echo "rc=$rc rc2=$rc2"; rm -rf "$d"
