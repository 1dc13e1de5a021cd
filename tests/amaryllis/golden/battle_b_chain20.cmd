# Rules: BU-STORE-3 BU-BUILD-3 (the first 孫 of b_chain20.txt is built in
#  turn 20, as derived in the sheet: 子 in turn 11, 孫呼び 遅延起動９).
battle --format json sheets/b_chain20.txt sheets/wall.txt | grep '"build".*孫呼び' | head -n 1
