# MS-LOG-1, MS-ENCHANT-1: as play_enchant_same, in English
play --lang en scenarios/enchant_same.yaml
