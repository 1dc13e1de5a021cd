check --lang en sheets/cost_overflow.txt
