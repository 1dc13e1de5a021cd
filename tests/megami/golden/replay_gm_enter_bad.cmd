# MG-REPLAY-2 MG-ENTER-4: `gm enter 2 3` is refused at its extra value (line 7, column 12), exit 1, in Japanese
fight --replay replay_gm_enter_bad.replay
