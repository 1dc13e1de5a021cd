# MS-PT-OUT-1: English counts its nouns: "Playtest: 1 duel" (the certain duel of one_outfit_left: A wins)
playtest --lang en --runs 1 scenarios/one_outfit_left.yaml
