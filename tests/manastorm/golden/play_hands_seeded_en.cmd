# MS-LOG-4 MS-CLI-PLAY-1 --hands on shuffled decks, seed 6: each deck order (top first) after the start's
# shuffle and each step-9 shuffle (Jin's empty deck: (none)), after the discard pile becomes Jin's deck
# (battle 2), the hands after the first draw (the top 3 of the deck line above) and after every card played
# from them (enchants, and Kai's attack from the hand), down to an empty hand.
play --hands --seed 6 --lang en scenarios/hands_seeded.yaml
