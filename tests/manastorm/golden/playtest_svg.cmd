# MS-PT-OUT-3: the SVG picture of 20 duels (written to a file, then shown)
playtest ../../../examples/manastorm/table.yaml --runs 20 --seed 3 --format json --svg /tmp/ms_golden_pt.svg >/dev/null && cat /tmp/ms_golden_pt.svg && rm -f /tmp/ms_golden_pt.svg
