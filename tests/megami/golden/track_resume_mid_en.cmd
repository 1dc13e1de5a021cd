# MG-TRACK-2, MG-TRACK-14: a session resumed in the middle of a roll
# (オーガ's initiative, its first die 5 typed): the prompt shows that die,
# and Enter rolls only the one die the roll still needs, the generator's
# first (rolled 0): seed 3's 1st d6, 5 (`megami fight --seed 3` rolls
# アリア's first initiative [4,5], the 5 first).  オーガ 5 + 5 + 2 = 12,
# after アリア's 6 + 6 + 5 = 17; q at アリア's decision, no save.
track --lang en --resume track_resume_mid.replay < track_resume_mid.in
