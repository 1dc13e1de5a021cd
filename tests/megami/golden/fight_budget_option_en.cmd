# MG-BUDGET-1, MG-FIGHT-CLI-2: --max-events 30 stops fight_duel.yaml (the dice of fight_duel_en) before its 31st event, in round 2: the partial log, its error line, the message, exit 1
fight --lang en --max-events 30 --dice 6,6,6,5,1,1,3,4,1,1,6,4,5,2,3,2,3,4,1,2,1,2,2,5,5 fight_duel.yaml
