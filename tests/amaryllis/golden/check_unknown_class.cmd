check sheets/unknown_class.txt
