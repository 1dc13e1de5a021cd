# 1048576 newlines (exactly the default cap) are read and parsed: an empty sheet
--version >/dev/null; head -c 1048576 /dev/zero | tr "\0" "\n" | "$AMARYLLIS" check --lang en -
