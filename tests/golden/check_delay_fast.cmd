check sheets/delay_fast.txt
