# MG-REPLAY-1: an embedded scenario's error is located in the replay (line 3, column 14 + 2 for "| ")
fight --lang en --replay replay_bad_scenario.replay
