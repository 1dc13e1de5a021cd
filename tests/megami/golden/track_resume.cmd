# MG-TRACK-14 in ja: the same as track_resume_en.cmd.
track --resume track_resume.replay < track_resume.in
