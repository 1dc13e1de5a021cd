# MS-BUDGET-1: --max-events takes a whole number from 1
play --lang en --max-events 0 ../../../examples/manastorm/table.yaml
