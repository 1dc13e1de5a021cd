# The same in English: only "number out of range".
# Rules: BU-CUST-1.
check --lang en sheets/b_place_huge.txt
