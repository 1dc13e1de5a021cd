# --system with a game system megami does not know: a usage error (exit 2,
# as a bad --format), naming the two it knows.
roll --system Cthulhu 2D6
