# docs/RANDOM.md, MS-SW-OUT-2: as playtest_seed_max_json, the first seed 2^64 − 1 of a sweep as a decimal string with "rng"
sweep ../../../examples/manastorm/table.yaml --vary battles=1,2 --runs 2 --seed 18446744073709551615 --format json
