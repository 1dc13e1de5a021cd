check --lang en sheets/huge_number.txt
