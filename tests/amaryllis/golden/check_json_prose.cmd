# check --format json of check_prose's sheet (a greeting よろしく！ above
# grisk.txt): the error at line 1, column 6 ("expected ':'"), and the note
# at line 1 that a line without a colon wants a #, in Japanese; exit 1.
--version >/dev/null; { printf 'よろしく！\n'; cat ../../../examples/grisk.txt; } | "$AMARYLLIS" check --format json -
