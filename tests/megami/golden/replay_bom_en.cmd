# MG-REPLAY-1 (review 2026-12-07): replay_bom.replay is replay_duel_seed3.replay after a UTF-8 byte order mark (an editor that adds one on saving): the mark is skipped, so the log is replay_full_en's, byte for byte (before, "not a megami replay" at 1:1 with <U+FEFF> echoed)
fight --lang en --replay replay_bom.replay
