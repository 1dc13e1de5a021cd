check sheets/empty.txt
