# MG-TRACK-4: the help (ja)
track --help
