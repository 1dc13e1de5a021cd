# MG-SCN-LIMIT-2 MG-GM-1: the GM's HP is held to the scenario's bound (±10^12; INT64_MIN used to reach the engine)
fight --lang en --replay replay_gm_range.replay
