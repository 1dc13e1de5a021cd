fight --lang en --format xml fight_duel.yaml
