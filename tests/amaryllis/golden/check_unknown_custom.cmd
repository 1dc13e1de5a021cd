check sheets/unknown_custom.txt
