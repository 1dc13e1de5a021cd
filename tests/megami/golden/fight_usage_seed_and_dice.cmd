fight --seed 1 --dice 3,4 fight_duel.yaml
