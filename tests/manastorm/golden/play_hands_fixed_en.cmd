# MS-LOG-4 MS-CLI-PLAY-1 --hands (English) on the decks as given (shuffle: false, so no deck line: the order is the scenario's).
# By hand: hand_size 3 takes the top 3 of each deck: Rina [H3 S5 C12 …] ♥3 ♠5 ♣12, Kai ♠9 ♥4 ♦11,
# Mio [♦4 ♣10 ♥1 …] ♦4 ♣10 ♥1, Jin [CA HJ DQ …] ♣1 ♥11 ♦12.  Round 1 (D5 default caster: the highest
# passing hand card): Rina plays ♠5 (5 ≤ 6; ♥3 passes too, ♣12 does not), hand ♥3 ♣12; Mio ♦4 (4 ≤ 5),
# hand ♣10 ♥1.  Kai points to ♠5 and greedy Jin plays his deck top ♠13: no hand changes, no hand line.
play --hands --lang en ../../../examples/manastorm/fixed_decks.yaml
