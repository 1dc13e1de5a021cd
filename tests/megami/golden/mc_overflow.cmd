fight --runs 100 --seed 5 mc_overflow.yaml
