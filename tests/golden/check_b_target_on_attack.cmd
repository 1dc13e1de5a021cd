check sheets/b_target_on_attack.txt
