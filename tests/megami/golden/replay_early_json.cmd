# MG-REPLAY-4: an early end as JSON: the document is closed as the log finishes a combat not over (winner null, rounds 0), the note on stderr (ja)
fight --format json --replay replay_early.replay
