# MG-SCN-IN-3
check --lang en --max-bytes 64 ../../../examples/megami/duel.yaml
