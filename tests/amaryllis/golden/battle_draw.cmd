# Nobody acts: after turn 20 both have ＨＰ 10 → 引き分け (no random draw
# without --tie-break).
# Rules: AM-TURN-1 AM-JUDGE-1 AM-RESULT-1 AM-RESULT-2.
battle --format json sheets/kou.txt sheets/otsu.txt
