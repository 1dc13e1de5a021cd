# MG-SCN-CHR-8: the key cut short (登場 for 登場ラウンド, en for enters) is unknown, and the whole key is suggested
# though 4 code points of 6 are missing in each (ut_utf8_closer: the start of a key, two code points or more)
check check_enters_short.yaml
