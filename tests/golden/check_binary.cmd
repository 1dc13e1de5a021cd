check sheets/binary.txt
