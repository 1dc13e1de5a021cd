# The same in English: only "number too large".
# Rules: BU-CUST-1.
check --lang en sheets/b_place_huge.txt
