# MG-TRACK-14: a replay resumed is checked as fight --replay plays it: an
# illegal decision (アリア attacks herself) is said where it is, exit 1.
track --lang en --resume track_resume_bad.replay
