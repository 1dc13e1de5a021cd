# MG-REPLAY-3: the same with --lang ja (the engine's refusals are English only)
fight --replay replay_illegal.replay
