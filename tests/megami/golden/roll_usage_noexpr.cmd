# MG-DICE-CLI-2: at least one expression
roll --dice 3
