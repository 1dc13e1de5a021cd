# MG-STOP-1 MG-DICE-OUT-2: --dice errors are worded as megami roll --dice words them, in the log and on stderr (they were English)
fight --dice 6,6,7 fight_duel.yaml
