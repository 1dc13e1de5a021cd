# Rules: AM-UNIT-7 (U+2800 BRAILLE PATTERN BLANK shows as a blank: an
# invisible name, refused like U+200B).
check sheets/braille_name.txt
