battle sheets/kou.txt --lang en sheets/otsu.txt --tie-break 1
