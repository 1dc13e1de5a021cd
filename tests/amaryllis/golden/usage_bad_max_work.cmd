battle --max-work 0 sheets/kou.txt sheets/otsu.txt
