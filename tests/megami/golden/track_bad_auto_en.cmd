# --auto takes npc only (MG-TRACK-13)
track --lang en --auto pc ../../../examples/megami/duel.yaml
