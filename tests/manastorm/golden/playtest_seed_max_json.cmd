# docs/RANDOM.md, MS-PT-OUT-2: the largest seed 2^64 − 1 as a decimal string with "rng" (a JSON number would round it in a double-based parser); runs 0 and 1 use seeds 18446744073709551615 and 0
playtest ../../../examples/manastorm/table.yaml --runs 2 --seed 18446744073709551615 --jobs 1 --format json
