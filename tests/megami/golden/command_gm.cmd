# a GM who guesses `megami gm` for the tracker (language review
# 2026-12-07: no suggestion): gm is a word of track's summary ("the GM's
# combat tracker") and of no other command's, so track is suggested; dice
# is a word of roll's and serve's: no suggestion. Usage errors: exit 2.
--version >/dev/null; "$AMARYLLIS" gm; echo "rc=$?"; "$AMARYLLIS" --lang en dice; echo "rc=$?"; "$AMARYLLIS" GM --lang en
