# MS-SW-OUT-3: the line chart of A's win rate and its band; under the values
# the marks of the table's last column (MS-SW-BEST-1): with 20 runs, 7 is
# best (11 of 20, 55.0%: ★) and neither 3 (-10.0 [-37.1, +19.4]) nor 5
# (-20.0 [-45.6, +10.1]) is significantly lower (no *), as `sweep` prints
sweep ../../../examples/manastorm/table.yaml --vary hand_size=3..7/2 --runs 20 --seed 2 --svg /tmp/ms_golden_sw.svg >/dev/null && cat /tmp/ms_golden_sw.svg && rm -f /tmp/ms_golden_sw.svg
