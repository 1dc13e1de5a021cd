check --lang en sheets/delay_too_small.txt
