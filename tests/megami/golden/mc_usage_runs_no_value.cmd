fight mc_party.yaml --runs
