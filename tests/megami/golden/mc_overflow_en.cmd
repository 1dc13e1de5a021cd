fight --lang en --runs 100 --seed 5 --jobs 2 mc_overflow.yaml
