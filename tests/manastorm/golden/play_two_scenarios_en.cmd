# usage: one scenario only
play --lang en ../../../examples/manastorm/table.yaml ../../../examples/manastorm/table.yaml
