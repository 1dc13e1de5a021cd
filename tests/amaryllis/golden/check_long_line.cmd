check sheets/long_line.txt
