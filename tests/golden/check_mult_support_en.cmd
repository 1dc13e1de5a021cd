check --lang en sheets/mult_support.txt
