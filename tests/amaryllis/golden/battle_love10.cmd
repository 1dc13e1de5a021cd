# 愛 10 (BU-SHEET-4): 無 is stored with bonus 0, so ＨＰ 0; turn 0 has no
# death checks (AM-TURN-3), and at the start of turn 1 it dies, without
# ライフ (AM-TURN-4, AM-DEATH-1): its side has no living unit, the battle
# ends (BU-RESULT-1), 壁 (ＨＰ 50) wins.
# Rules: BU-SHEET-4 AM-TURN-3 AM-TURN-4 BU-RESULT-1.
battle sheets/love10.txt sheets/wall.txt
