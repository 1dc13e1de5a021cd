# docs/RANDOM.md: the seed as a decimal string beside "rng" (the JSON had
# "seed": -1 for 2^64 - 1, a signed integer), and English singulars: one
# evaluation of a design against the field of optimize/ (two sheets) is
# 1 evaluation, 1 generation and 2 battles.
optimize --lang en --format json --evals 1 --seed 18446744073709551615 --field optimize
