# MG-REPLAY-4: the same in Japanese (= megami fight --seed 3)
fight --replay replay_duel_seed3.replay
