# MG-REPLAY-4: the same as JSON, seed "3" from the replay's seed line (= megami fight --format json --seed 3)
fight --format json --replay replay_duel_seed3.replay
