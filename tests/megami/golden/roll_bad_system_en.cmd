# roll_bad_system in English.
roll --lang en --system Cthulhu 2D6
