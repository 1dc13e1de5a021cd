# MG-GM-5: as replay_gm_end, JSON: winner "PC", rounds 1, "ended_by": "gm", the end event {"winner": "PC", "by": "gm"}
fight --format json --replay replay_gm_end.replay
