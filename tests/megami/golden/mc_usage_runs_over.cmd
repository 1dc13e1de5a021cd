fight --lang en --runs 1000000001 mc_party.yaml
