# MS-LOG-3: the discard pile becoming the deck is numbered or indented like the draw it serves; "1 card" in English
play --lang en scenarios/reshuffle_step1.yaml
