# MS-LOG-3: the discard pile becoming the deck is numbered or indented like the draw it serves; "1 card" in English
play scenarios/reshuffle_happening.yaml
