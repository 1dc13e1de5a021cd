# full width is NFKC-normalised: ２Ｄ６＋１＞＝８ is 2D6+1>=8 (5,2: 8 成功); ２ｄ６［１１］ is 2D6[11] (5,6: 自動成功)
roll --dice 5,2,5,6 '２Ｄ６＋１＞＝８' '２ｄ６［１１］'
