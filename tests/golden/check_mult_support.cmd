check sheets/mult_support.txt
