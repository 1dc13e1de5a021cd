# MS-SW-OUT-3: the line chart of A's win rate and its band
sweep ../../../examples/manastorm/table.yaml --vary hand_size=3..7/2 --runs 20 --seed 2 --svg /tmp/ms_golden_sw.svg >/dev/null && cat /tmp/ms_golden_sw.svg && rm -f /tmp/ms_golden_sw.svg
