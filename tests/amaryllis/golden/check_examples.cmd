# Rules: AM-UNIT-2 AM-UNIT-4 AM-COST-1 BU-SHEET-1 BU-SHEET-3 (the
#  sheets of the rule texts, as check prints them).
check ../../../examples/grisk.txt ../../../examples/nut.txt ../../../examples/awako.txt
