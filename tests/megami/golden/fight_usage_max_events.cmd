# MG-BUDGET-1, MG-FIGHT-CLI-2: --max-events 0 is a usage error
fight --lang en --max-events 0 fight_duel.yaml
