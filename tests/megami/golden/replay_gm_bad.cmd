# MG-REPLAY-2 MG-GM-5: `gm end PC` in a replay is refused where the winner is (line 7, column 8), exit 1
fight --lang en --replay replay_gm_bad.replay
