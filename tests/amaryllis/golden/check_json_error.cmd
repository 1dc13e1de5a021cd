# check --format json of an illegal sheet: the located error with the message
# of `check` (an unknown class 直接攻激 at line 2, column 5, after "・突き：", with
# the nearest class as a suggestion), no normalised
# text, no costs, exit 1.
check --format json --lang en sheets/unknown_class.txt
