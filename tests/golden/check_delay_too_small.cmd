check sheets/delay_too_small.txt
