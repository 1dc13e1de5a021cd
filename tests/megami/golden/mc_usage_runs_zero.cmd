fight --runs 0 mc_party.yaml
