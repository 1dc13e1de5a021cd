# MS-LOG-2: the end event's step is a code, not a step number: 4 = the duel ended in a マナ・ストーム (the storm of play_storm_tie, whose text says "ended: a side lost its warriors in a storm")
play --format json scenarios/storm_tie.yaml
