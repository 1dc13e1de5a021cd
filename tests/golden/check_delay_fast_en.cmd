check --lang en sheets/delay_fast.txt
