# The same in ja (track_dice_line_en.cmd): the messages of a total and of
# the wrong count in Japanese.
track --seed 3 ../../../examples/megami/duel.yaml < track_dice_line.in
