battle --lang en --tie-break 18446744073709551616 sheets/kou.txt sheets/otsu.txt
