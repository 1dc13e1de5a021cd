check --lang en sheets/invalid_utf8.txt
