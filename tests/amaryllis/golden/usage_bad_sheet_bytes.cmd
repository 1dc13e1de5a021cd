check --lang en --max-sheet-bytes 1x sheets/kou.txt
