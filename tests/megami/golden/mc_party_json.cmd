fight --runs 20 --seed 3 --format json mc_party.yaml
