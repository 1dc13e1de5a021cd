# Self-building 蛆 past a population limit of 6: the partial log, then the
# error; exit 1.
# Rules: BU-POP-1.
battle --max-units 6 ../../../examples/uji.txt ../../../examples/nut.txt
