# MG-TRACK-3 MG-TRACK-4 MG-WAIT-1 MG-WAIT-2: initiative dice 1 1 each:
# A 2+5 = 7, B 2+1 = 3, C 2+0 = 2, order A, B, C.  A declares 待機 (w);
# B ends at once (e); A is asked to resume and stays (n); C ends (e); A is
# asked again and Enter takes the default y (M6: resume at once).  A attacks
# B: 6 6 = 12, critical; B's 3 3 = 6: hit; damage 4 + 3 = 7, B HP 13.
# Round 2's first die: q; Enter: no replay.
track --lang en --seed 0 track_wait.yaml < track_wait.in
