# Rules: BU-POP-1, LG-PAIR-1.  The JSON standings have "stopped_battles"
# when battles stopped (and only then).
league --format json --max-units 3 ../../../examples/chichi.txt ../../../examples/haha.txt ../../../examples/grisk.txt
