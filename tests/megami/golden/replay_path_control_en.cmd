# MG-REPLAY-1: a control character (here U+0001) in the scenario's path, at its column (2:39): a NUL would have cut the path short unseen
fight --lang en --replay replay_path_control.replay
