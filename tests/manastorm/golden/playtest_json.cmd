# MS-PT-OUT-2, MS-PT-STORM-1 (storm_damage): the same duels as JSON, three threads
playtest ../../../examples/manastorm/table.yaml --runs 50 --seed 7 --jobs 3 --format json
