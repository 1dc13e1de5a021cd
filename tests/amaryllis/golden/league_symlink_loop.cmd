# league_loop/a -> b, b -> a (a loop), c -> nowhere (dangling): reported, and the league runs
league --lang en league_loop league/kou.txt league/otsu.txt
