# MG-DICE-COM-5: a choice's items are printed as typed, as BCDice prints them
# (npm bcdice 4.9.0 with every die 2, the second item of each; the BCDice
# review of 2026-12-03): half-width katakana, circled digits, full-width
# brackets, an ideographic space inside an item, a half-width semi-voiced
# mark and a voiced mark (゛ is " ゙" after NFKC: its blank stays with it),
# fractions; the repeat's failure line quotes its command as typed, (①).
# The structure is still read after NFKC: １-６ is a range, ｃｈｏｉｃｅ［…，…］
# a choice (megami's superset, "Differences from BCDice"), its items as typed.
roll --dice 2,2,2,2,2,2,2,2,2,2 -- 'choice[ｺﾞﾌﾞﾘﾝ,ｵｰｸ]' 'choice[①,②,③]' 'choice[攻撃（強）,攻撃（弱）]' 'choice[ア　イ,ウ　エ]' 'choice[ﾟ,゛]' 'choice[¼,½]' 'x2 ①' 'choice[１-６]' 'ｃｈｏｉｃｅ［ｱ，ｲ］' 'Schoice ﾊﾟﾝ ｹｰｷ'
