check scenarios/no_npc.yaml
