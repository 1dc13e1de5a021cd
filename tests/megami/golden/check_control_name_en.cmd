# docs/CLI.md "Errors in a file": a scenario named with ESC [31m (red) is shown as <U+001B>[31m in the FILE:LINE:COL: prefix, never raw; the file holds an unknown key at 1:1
--version >/dev/null; d=$(mktemp -d) && printf 'nonsense: 1\n' > "$d/s$(printf '\033')[31m.yaml" && cd "$d" && "$AMARYLLIS" check --lang en s*; echo "exit $?"; cd / && rm -rf "$d"
