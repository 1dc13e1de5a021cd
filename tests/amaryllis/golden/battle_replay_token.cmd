# LG-TOKEN-1: the battle of a replay token is the battle of its two sheets:
# the worked example's log (worked_example.out, グリスク vs ヌト), byte for byte.
--version >/dev/null; "$AMARYLLIS" battle --replay "$("$AMARYLLIS" battle --token ../../../examples/grisk.txt ../../../examples/nut.txt)"
