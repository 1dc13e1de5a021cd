fight --jobs 2 mc_party.yaml
