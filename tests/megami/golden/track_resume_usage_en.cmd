# MG-TRACK-14: --resume takes no scenario (the replay has it), exit 2.
track --lang en --resume track_resume.replay ../../../examples/megami/duel.yaml
