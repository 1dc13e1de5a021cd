# MG-SCN-CLI-1: as check_ambush, in English: "# normalised scenario: PC 1, NPC 3 (1 of them entering later)"
check --lang en ../../../examples/megami/ambush.yaml
