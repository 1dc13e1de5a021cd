# Rules: AM-CUST-4 (効果Ｎ倍 is for attacks only).
check --lang en sheets/mult_support.txt
