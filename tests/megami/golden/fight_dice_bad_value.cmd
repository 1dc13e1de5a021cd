fight --format json --dice 6,6,7 fight_duel.yaml
