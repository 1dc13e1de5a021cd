# MS-LOG-1, MS-ENCHANT-1: "the same number" says where it is: revealed with it (round 1, the field empty) or on the field (round 2); derivation in the scenario
play scenarios/enchant_same.yaml
