# Rules: AM-COST-1 (a cost beyond 64 bits is an input error).
check --lang en sheets/cost_overflow.txt
