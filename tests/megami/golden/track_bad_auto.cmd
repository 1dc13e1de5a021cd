# --auto takes npc only (MG-TRACK-13)
track --auto pc ../../../examples/megami/duel.yaml
