# MG-DICE-LIMIT: the list a choice shows (at most 100 items and their commas) is at most 16384 bytes: 86 items of 163 digits, 14 of 162 and 99 commas are 16385, one too many (exit 1; the error at the c)
--version >/dev/null; "$AMARYLLIS" roll --dice 1 -- "choice[$(printf '%0163d,' $(seq 1 86))$(printf '%0162d,' $(seq 87 99))$(printf '%0162d' 100)]"
