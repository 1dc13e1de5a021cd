battle --lang en --max-sheet-bytes 100 ../../../examples/grisk.txt sheets/kou.txt
