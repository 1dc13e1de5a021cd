# MG-TRACK-1: a line of standard input holds at most 4096 bytes; without a
# terminal a longer one ends the input (exit 1), and nothing more of it is
# kept: /dev/zero never ends a line, and the tracker stops after 4097 bytes
# (it used to grow without limit).
track --seed 1 ../../../examples/megami/duel.yaml < /dev/zero
