fight --lang en --runs 50 --seed 3 --jobs 3 mc_party.yaml
