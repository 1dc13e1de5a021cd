# MG-TRACK-14: --log never replaces the replay resumed (it is said before
# anything is written), exit 1.
track --lang en --resume track_resume.replay --log track_resume.replay
