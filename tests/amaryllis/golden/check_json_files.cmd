# check --format json with several files: each document names its file
# ("file" first), an unreadable one has {"file", "ok": false, "error"}, so
# the documents match the arguments; exit 1 (the missing file).
check --format json sheets/kou.txt no-such-sheet.txt sheets/stats_over.txt
