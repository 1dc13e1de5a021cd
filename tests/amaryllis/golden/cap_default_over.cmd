# one byte more is over the default cap
--version >/dev/null; head -c 1048577 /dev/zero | tr "\0" "\n" | "$AMARYLLIS" check --lang en -
