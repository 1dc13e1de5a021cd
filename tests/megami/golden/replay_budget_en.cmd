# MG-BUDGET-1, MG-TRACK-6: fight --replay has the budget too: 20 events stop the replay of a whole session, the log up to there, the message, exit 1
fight --lang en --max-events 20 --replay replay_duel_seed3.replay
