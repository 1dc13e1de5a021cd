# Rules: AM-CUST-2 (遅延起動Ｎ needs Ｎ ≥ 2).
check --lang en sheets/delay_too_small.txt
