# Rules: BU-SHEET-3 AM-UNIT-5 BU-SHEET-1 BU-SHEET-2
# The normalised text is a sheet: `check` of what `check` printed for
# 泡子 (the entry with its stored bonus and 愛, two ビルディア) prints the
# same text again (cmp), so a player may mail it as it is.  Expected: the
# 泡子 part of check_buildia_examples.out.
check ../../../examples/awako.txt > /tmp/amaryllis_golden_norm.$$ && "$AMARYLLIS" check /tmp/amaryllis_golden_norm.$$ > /tmp/amaryllis_golden_norm2.$$ && cmp /tmp/amaryllis_golden_norm.$$ /tmp/amaryllis_golden_norm2.$$ && cat /tmp/amaryllis_golden_norm2.$$; rc=$?; rm -f /tmp/amaryllis_golden_norm.$$ /tmp/amaryllis_golden_norm2.$$; exit $rc
