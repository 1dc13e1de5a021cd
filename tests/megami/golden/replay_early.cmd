# MG-REPLAY-4: the session of track_tmux.sh (quit at die 11): the same partial log, a note on stderr, exit 0
fight --lang en --replay replay_early.replay
