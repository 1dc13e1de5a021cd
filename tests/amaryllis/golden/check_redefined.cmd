# Rules: AM-UNIT-3 (a name defined twice, differently).
check sheets/redefined.txt
