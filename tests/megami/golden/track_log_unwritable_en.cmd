# MG-TRACK-5 (review D5): a --log file that cannot be written is said
# before the fight (it was said after it), exit 1, nothing else shown.
track --lang en --seed 3 --log /nonexistent/x.txt ../../../examples/megami/duel.yaml
