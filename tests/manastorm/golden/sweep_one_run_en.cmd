# MS-SW-OUT-1: English counts its nouns: "1 duel per value". one_outfit_left's battle 1 gives A 1 damage to 0; a battle 2 replays the cards from the discard piles (Wb still plays nothing), so A wins with battles 1 and 2
sweep --lang en scenarios/one_outfit_left.yaml --vary battles=1,2 --runs 1
