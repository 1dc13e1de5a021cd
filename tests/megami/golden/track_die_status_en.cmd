# MG-TRACK-3 MG-TRACK-11 MG-ENTER-1: s at a die prompt (アリア's first initiative die) shows the state, 族長 "enters
# in round 2" (it was refused there); ? at a die lists s; q, no save
track --lang en --seed 1 ../../../examples/megami/ambush.yaml < track_die_status_en.in
