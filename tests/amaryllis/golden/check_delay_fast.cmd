# Rules: AM-CUST-7 (遅延起動 and 高速起動 exclude each other).
check sheets/delay_fast.txt
