check --lang en sheets/two_units.txt
