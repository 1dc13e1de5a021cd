fight --dice 3,,4 fight_duel.yaml
