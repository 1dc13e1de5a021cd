# MG-TRACK-1: a line of 4097 bytes ends the input before it is echoed or
# read as a command (the q after it is never read); one of 4096 bytes is
# still read (an unknown command), exit 1.
--version >/dev/null; { printf '%4096s\n' x; printf '%4097s\nq\n' y; } | "$AMARYLLIS" track --lang en --seed 1 ../../../examples/megami/duel.yaml
