# MS-SW-ERR-1: a misspelt participant gets the nearest name (English)
--lang en sweep ../../../examples/manastorm/table.yaml --vary 'participants.リン.threshold=3..5'
