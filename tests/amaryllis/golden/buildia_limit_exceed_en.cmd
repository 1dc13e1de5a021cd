# The same in English: "=> stopped here", "a new unit would exceed the
# population limit of 10 units".
# Rules: BU-POP-1.
--lang en battle --max-units 10 sheets/b_row.txt sheets/wall.txt
