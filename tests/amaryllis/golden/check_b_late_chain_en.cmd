# Rules: BU-STORE-3 (孫 first buildable in turn 11 + 10 = 21 through 子;
#  derivation in the sheet).
check --lang en sheets/b_late_chain.txt
