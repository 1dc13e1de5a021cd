check --lang en - < ../../../examples/megami/encounter_4v4.yaml
