check --lang EN sheets/empty.txt
