# MS-PT-OUT-2: the same duels as JSON, three threads
playtest ../../../examples/manastorm/table.yaml --runs 50 --seed 7 --jobs 3 --format json
