# MG-REPLAY-3: a negative die is a whole number, refused like 9 (it was "'-1' is not a whole number")
fight --replay replay_die_negative.replay
