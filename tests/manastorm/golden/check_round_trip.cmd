# MS-SCN-OUT-1: the normalised form reads back to itself
check ../../../examples/manastorm/fixed_decks.yaml | "$AMARYLLIS" check - | diff - check_ok_fixed_decks.out && echo same
