check --lang en sheets/long_line.txt
