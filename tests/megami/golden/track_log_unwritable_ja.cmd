# The ja message of track_log_unwritable_en.
track --seed 3 --log /nonexistent/x.txt ../../../examples/megami/duel.yaml
