# SK-GAME-1, SK-GAME-2: seed 0 gives d6 4, 5, 1, … (tests/util/rng_reference.py);
# A strikes first: 4 off B's 4 HP, so A wins in round 1 with its 5 HP.
play --lang en duel.txt
