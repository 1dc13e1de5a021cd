# usage: --format text|json
play --format xml ../../../examples/manastorm/table.yaml
