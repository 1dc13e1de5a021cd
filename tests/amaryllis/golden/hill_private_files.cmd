# The hill's files are the owner's alone: the database (the players'
# addresses and password hashes; SQLite gives its -wal and -shm files the
# same) and each reply in --outbox are 0600, --log 0640, under the usual
# umask 022 (the database and the replies were 0644 until 2026-12-06).
--version >/dev/null; umask 022; d=$(mktemp -d) && "$AMARYLLIS" hill init "$d/h.db" --size 3 --address hill@example.org --pwhash-ops 1 --pwhash-mem 8192 && mkdir "$d/out" && printf 'From: a@example.net\nMessage-ID: <p1@x>\n\n#status\n' > "$d/m" && "$AMARYLLIS" mail --hill "$d/h.db" --outbox "$d/out" --log "$d/mail.log" < "$d/m" && stat -c '%a' "$d/h.db" "$d/mail.log" "$d/out"/*.eml; rc=$?; rm -rf "$d"; exit $rc
