# "-" twice in a league: a usage error, as in battle and check
--lang en league - - sheets/otsu.txt < sheets/kou.txt
