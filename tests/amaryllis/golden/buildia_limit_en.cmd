# Self-building 蛆 past a population limit of 6, in English: the stop
# message on stderr in the language of --lang.
# Rules: BU-POP-1.
--lang en battle --max-units 6 ../../../examples/uji.txt ../../../examples/nut.txt
