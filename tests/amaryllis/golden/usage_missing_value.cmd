battle --lang en sheets/kou.txt sheets/otsu.txt --tie-break
