# MG-SCN-CLI-1
check ../../../examples/megami/duel.yaml scenarios/ranges.yaml ../../../examples/megami/japanese_keys.yaml
