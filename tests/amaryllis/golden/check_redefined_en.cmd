# Rules: AM-UNIT-3 (a name defined twice, differently).
check --lang en sheets/redefined.txt
