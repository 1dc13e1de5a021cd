# MG-BUDGET-1: --max-events 0 is a usage error
fight --lang en --max-events 0 fight_duel.yaml
