# MS-SW-OUT-2: battles 1..3 as JSON
sweep ../../../examples/manastorm/table.yaml --vary battles=1..3 --runs 30 --seed 2 --format json
