battle --lang en --format xml sheets/kou.txt sheets/otsu.txt
