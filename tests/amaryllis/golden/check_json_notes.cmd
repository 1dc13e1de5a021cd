# check --format json keeps the notes check prints on stderr (language
# review 2026-12-07: they were lost): a Shift_JIS sheet's note, line null,
# with the iconv command; every error is its misread bytes; exit 1.
check --format json --lang en sheets/sjis.txt
