# MG-DICE-CLI-1: invalid UTF-8 at column 4: the expression echoed with the byte as U+FFFD and the caret under it (docs/CLI.md "Errors in a file")
roll "2D6$(printf '\377')"
