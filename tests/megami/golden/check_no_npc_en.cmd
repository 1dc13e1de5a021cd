check --lang en scenarios/no_npc.yaml
