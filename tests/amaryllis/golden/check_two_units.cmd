check sheets/two_units.txt
