# MG-SCN-CLI-1
check --lang en ../../../examples/megami/encounter_4v4.yaml | "$AMARYLLIS" check --lang en - | "$AMARYLLIS" check --lang en -
