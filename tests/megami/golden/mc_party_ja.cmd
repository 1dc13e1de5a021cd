fight --runs 50 --seed 3 --jobs 2 mc_party.yaml
