# ... and a cap of 277 does not
check --lang en --max-sheet-bytes=277 ../../../examples/grisk.txt
