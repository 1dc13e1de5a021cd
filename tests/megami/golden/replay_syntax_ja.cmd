# MG-REPLAY-2: the same in Japanese
fight --replay replay_syntax.replay
