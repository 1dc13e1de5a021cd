check sheets/invalid_utf8.txt
