fight --runs 5 --dice 1,2,3 mc_party.yaml
