check --lang en sheets/binary.txt
