# MG-REPLAY-3 MG-MOVE-1: アリア (行動 5) may move 10 m; move 11 is refused at 4:3
fight --lang en --replay replay_move_too_far.replay
