league --format json league_loop league/kou.txt league/otsu.txt
