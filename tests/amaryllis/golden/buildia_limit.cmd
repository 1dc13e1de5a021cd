# Self-building 蛆 past a population limit of 6 (the 7th unit would pass
# it): the partial log, its last line ⇒ここで中断, then the error; exit 1.
# Rules: BU-POP-1.
battle --max-units 6 ../../../examples/uji.txt ../../../examples/nut.txt
