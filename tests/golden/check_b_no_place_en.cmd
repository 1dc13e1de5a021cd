check --lang en sheets/b_no_place.txt
