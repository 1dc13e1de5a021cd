# MS-STORM-6: a tie no draw-off breaks: the first in seat order (the text says so)
play --lang en scenarios/storm_tie_seat.yaml
