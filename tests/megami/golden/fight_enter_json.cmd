# MG-ENTER-1: as fight_enter, JSON: the enter event {"actor": "族長", "position": 0, "hp": 4, "state": "able"}
fight --format json --dice 6,6,1,1,4,4,1,2,3,1,1,6,6,3,3,2,2,1,5,5,2,3,2 fight_enter.yaml
