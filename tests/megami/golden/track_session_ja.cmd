# The session of track_session_en in Japanese.
track --seed 3 ../../../examples/megami/duel.yaml < track_session.in
