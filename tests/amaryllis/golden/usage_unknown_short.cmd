battle -x sheets/kou.txt sheets/otsu.txt
