# MG-SCN-IN-3
check --max-bytes 64 ../../../examples/megami/duel.yaml
