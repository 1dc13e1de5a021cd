# Rules: BU-POP-1, LG-PAIR-1.  With --max-units 3 every pair stops: each
# of the three is reported on stderr (only the first was, in English), and
# the standings say how many battles stopped (a line after the table); exit 1.
league --max-units 3 ../../../examples/chichi.txt ../../../examples/haha.txt ../../../examples/grisk.txt
