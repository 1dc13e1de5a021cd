# The ja messages of track_dice_ahead_en (the same session).
track --seed 3 ../../../examples/megami/duel.yaml < track_dice_ahead.in
