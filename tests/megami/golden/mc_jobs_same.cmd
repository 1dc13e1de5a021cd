fight --runs 300 --seed 9 --jobs 1 mc_party.yaml && "$AMARYLLIS" fight --runs 300 --seed 9 --jobs 3 mc_party.yaml
