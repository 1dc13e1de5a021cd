# Rules: BU-POP-1, LG-PAIR-1 (the same in English).
--lang en league --max-units 3 ../../../examples/chichi.txt ../../../examples/haha.txt ../../../examples/grisk.txt
