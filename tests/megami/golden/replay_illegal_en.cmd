# MG-REPLAY-3 MG-ACT-1: line 5 makes アリア attack herself: the log up to that decision, then FILE:5:1 and the engine's message, exit 1
fight --lang en --replay replay_illegal.replay
