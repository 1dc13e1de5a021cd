# a misspelt command gets the nearest as a suggestion (the rule of the
# scenarios' keys: ut_utf8_closer); exit 2
chek
