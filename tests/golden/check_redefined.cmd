check sheets/redefined.txt
