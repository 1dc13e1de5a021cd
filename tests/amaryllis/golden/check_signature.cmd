# AM-UNIT-10 (player review 2026-12-07): the mail body as docs/PLAYING.md says to send it, the sheet then a signature's
# separator and the signature: "－－" (an IME's full width), "ーー" (kana mode), "--" followed by a 全角スペース, "-- 山田"
# and Outlook's "-----Original Message-----" (two dashes first and no colon) end the sheet, and the lines after it
# (山田太郎, iPhoneから送信) are not read: グリスク is legal, exit 0, five times.
# Before the sheet, "－－" is no separator (nothing is signed yet): its error at 1:3 and the note of a line without ：.
--version >/dev/null; for s in '－－' 'ーー' '--　' '-- 山田' '-----Original Message-----'; do { cat ../../../examples/grisk.txt; printf '\n%s\n山田太郎\niPhoneから送信\n' "$s"; } | "$AMARYLLIS" check - || exit; done; { printf '－－\n'; cat ../../../examples/grisk.txt; } | "$AMARYLLIS" check --lang en -
