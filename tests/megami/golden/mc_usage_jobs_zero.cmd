fight --runs 5 --jobs 0 mc_party.yaml
