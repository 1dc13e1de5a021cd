# MG-REPLAY-4: a whole session (every default, every die rolled) replays to the log of megami fight --seed 3 on the same scenario, byte for byte; the embedded scenario wins over the path (which does not exist from here)
fight --lang en --replay replay_duel_seed3.replay
