check sheets/b_place_on_attack.txt
