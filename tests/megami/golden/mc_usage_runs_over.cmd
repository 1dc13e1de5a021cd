fight --lang en --runs 10000001 mc_party.yaml
