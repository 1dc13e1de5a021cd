# MS-SW-ERR-1: a misspelt field gets the nearest path of the scenario
sweep ../../../examples/manastorm/table.yaml --vary 'participants.リナ.thresold=3..12'
