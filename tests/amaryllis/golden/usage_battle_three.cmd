battle --lang en sheets/kou.txt sheets/otsu.txt sheets/kou.txt
