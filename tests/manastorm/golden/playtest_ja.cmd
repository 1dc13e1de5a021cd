# MS-PT-OUT-1 MS-PT-SEED-1: 50 duels of the bundled table from seed 7, Japanese (the same for any --jobs: MS-PT-JOBS-1)
playtest ../../../examples/manastorm/table.yaml --runs 50 --seed 7 --jobs 2
