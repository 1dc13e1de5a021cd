# MG-GM-5 MG-TRACK-9 MG-TRACK-8: at アリア's first decision (a: both initiatives by the generator, seed 1) the GM
# types a bad winner and too many words (each answered, asked again), ends with no winner, takes it back with u
# ("undone: gm end none"), and ends it for the NPCs (case ignored); Enter at the end, Enter at the save prompt
track --lang en --seed 1 ../../../examples/megami/duel.yaml < track_gm_end_en.in
