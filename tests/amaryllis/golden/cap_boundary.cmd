# examples/grisk.txt is 278 bytes: a cap of 278 reads it
check --lang en --max-sheet-bytes 278 ../../../examples/grisk.txt
