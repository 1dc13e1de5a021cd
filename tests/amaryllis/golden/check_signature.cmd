# AM-UNIT-10 (player review 2026-12-07): the mail body as docs/PLAYING.md says to send it, the sheet then a signature's
# separator and the signature: "－－" (an IME's full width), "ーー" (kana mode) and "--" followed by a 全角スペース end
# the sheet, and the lines after it (山田太郎, iPhoneから送信) are not read: グリスク is legal, exit 0, three times.
# Before the sheet, "－－" is no separator (nothing is signed yet): its error at 1:3 and the note of a line without ：.
--version >/dev/null; for s in '－－' 'ーー' '--　'; do { cat ../../../examples/grisk.txt; printf '\n%s\n山田太郎\niPhoneから送信\n' "$s"; } | "$AMARYLLIS" check - || exit; done; { printf '－－\n'; cat ../../../examples/grisk.txt; } | "$AMARYLLIS" check --lang en -
