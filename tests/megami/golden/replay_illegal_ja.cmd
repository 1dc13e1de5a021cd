# MG-REPLAY-3: the same with --lang ja (the engine's refusal in Japanese)
fight --replay replay_illegal.replay
