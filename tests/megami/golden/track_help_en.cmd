# MG-TRACK-4: the help (en)
track --lang en --help
