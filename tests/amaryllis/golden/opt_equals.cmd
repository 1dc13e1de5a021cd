battle --lang=en --tie-break=1 --format=text sheets/kou.txt sheets/otsu.txt
