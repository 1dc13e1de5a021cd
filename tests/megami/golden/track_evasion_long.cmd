# MG-TRACK-7: the evasion prompts of track_evasion_ends_en with names of 20 and 22 characters (track_evasion_long.yaml), whole, in Japanese
--version >/dev/null; yes "" | "$AMARYLLIS" track --seed 0 track_evasion_long.yaml | grep "回避判定"
