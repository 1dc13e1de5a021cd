# MG-REPLAY-3: the 4th die is 9, refused at its column (3:12) when the engine rolls it (after アリア's initiative was logged)
fight --lang en --replay replay_die_range.replay
