# A ＜配置Ｎ＞ whose Ｎ does not fit in a signed 64-bit integer gets one error, the number's
# (too large), not also ビルドには配置Nが必須です: the
# customisation is there, its number is wrong (audit finding 3).  Exit 1.
# Rules: BU-CUST-1 BU-BUILD-1.
check sheets/b_place_huge.txt
