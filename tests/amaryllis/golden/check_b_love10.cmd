# Rules: BU-SHEET-4 BU-BUILD-1 (ビルド（Ｎ）needs Ｎ≧１; the entry unit of 愛
#  10 is stored with bonus 0).
check sheets/b_love10.txt
