check sheets/cost_overflow.txt
