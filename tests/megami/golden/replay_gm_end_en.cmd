# MG-GM-5: as replay_gm_end, in English: "GM: the round progression ends", "PC wins (the GM's call)", オーガ HP 21
fight --lang en --replay replay_gm_end.replay
