check --max-sheet-bytes 1073741825 sheets/kou.txt
