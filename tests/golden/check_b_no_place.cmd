check sheets/b_no_place.txt
