# MG-DICE-CLI-1: an unknown option; -1D6 reads as one, -- ends the options
roll -1D6
