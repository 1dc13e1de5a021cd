check --lang en sheets/redefined.txt
