battle --max-units 1 sheets/kou.txt sheets/otsu.txt
