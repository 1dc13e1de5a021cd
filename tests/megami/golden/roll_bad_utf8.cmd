# MG-DICE-CLI-1: invalid UTF-8 at column 4 (no source line is shown for it)
roll "2D6$(printf '\377')"
