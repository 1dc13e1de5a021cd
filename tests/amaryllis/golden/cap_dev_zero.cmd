# the cap stops reading: /dev/zero costs 1000 bytes, and the next sheet is still checked
check --lang en --max-sheet-bytes 1000 /dev/zero sheets/kou.txt
