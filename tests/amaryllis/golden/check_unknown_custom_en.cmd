check --lang en sheets/unknown_custom.txt
