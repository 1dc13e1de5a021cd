check --lang en sheets/unknown_class.txt
