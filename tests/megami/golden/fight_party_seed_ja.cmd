fight --seed 7 fight_party.yaml
