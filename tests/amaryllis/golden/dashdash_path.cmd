# after --, "-kou.txt" is a sheet (made in a temp folder), not an option
--version >/dev/null; d=$(mktemp -d) && cp sheets/kou.txt "$d/-kou.txt" && cd "$d" && "$AMARYLLIS" check --lang en -- -kou.txt; rc=$?; rm -rf "$d"; exit $rc
