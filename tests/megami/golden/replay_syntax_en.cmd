# MG-REPLAY-2: a character number that is not a number, at its column (4:10), nothing played
fight --lang en --replay replay_syntax.replay
