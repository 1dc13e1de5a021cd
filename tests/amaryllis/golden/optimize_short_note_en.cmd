# amcli review W5: 2000 evaluations with seed 3 against examples/ find a sheet of 15 points, while the field's own best, 泡子, scores 19 (6 wins 1 draw, the report's last lines): stderr says so and what to raise; the report is on stdout as always (its last 2 lines kept), exit 0
--version >/dev/null; "$AMARYLLIS" optimize --lang en --evals 2000 --seed 3 --field ../../../examples | tail -n 2
