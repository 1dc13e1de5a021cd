# check --format json on a ビルディア sheet: each unit gives its bonus
# points ("bonus": 10 for the entry unit 泡子, its 愛 included), the number
# the sheet writes after its name ("stored_bonus": 8 for 泡子（８）, 4 for
# the ビルディア （４）) and its 愛 ("love": 2; 0 for a ビルディア), so the
# JSON can be read against the sheet and the text output (# 愛:2).
# Rules: BU-SHEET-1 BU-SHEET-2 BU-SHEET-3 BU-STORE-1.
check --format json ../../../examples/awako.txt
