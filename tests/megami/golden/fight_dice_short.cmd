fight --lang en --dice 6,6,6,5,1,1,3,4,1,1 fight_duel.yaml
