# Nobody acts: after turn 20 both have ＨＰ 10 → 引き分け (no random draw
# without --tie-break).
battle --format json sheets/kou.txt sheets/otsu.txt
