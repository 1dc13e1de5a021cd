# The ja messages of track_texts_en (the same session).
track --seed 0 track_texts.yaml < track_texts.in
