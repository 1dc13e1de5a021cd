check --lang en sheets/empty.txt
