# --replay - reads the replay from standard input (= replay_early)
fight --lang en --replay - < replay_early.replay
