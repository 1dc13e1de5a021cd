check --lang en sheets/b_target_on_attack.txt
