# MG-TRACK-14 MG-TRACK-3: a session saved at a die of P1's main process after it stopped waiting (w, then y at the
# resume question, a 1 3, die 4): resumed, the table says P1 is "acting after waiting", as the live session did (it
# said "waiting": the replayed decisions did not say whose they were; GM review 2026-12-07); q, no save
track --lang en --resume track_resume_wait.replay < track_resume_wait_en.in
