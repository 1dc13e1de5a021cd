fight --lang en --runs 30 --seed 1 --jobs 2 --svg /dev/stdout mc_party.yaml
