fight --format json fight_duel.yaml
