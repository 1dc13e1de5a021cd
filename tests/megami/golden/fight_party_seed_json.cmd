fight --seed 7 --format json fight_party.yaml
