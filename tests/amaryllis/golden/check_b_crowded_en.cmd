# Rules: BU-STORE-4 AM-STEP-2 (素早さ 1: 斬る, set first, takes the one
#  step of every turn).
check --lang en sheets/b_crowded.txt
