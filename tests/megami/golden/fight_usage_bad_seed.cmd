fight --lang en --seed -1 fight_duel.yaml
