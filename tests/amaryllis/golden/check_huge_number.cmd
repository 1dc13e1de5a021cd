check sheets/huge_number.txt
