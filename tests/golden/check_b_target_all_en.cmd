check --lang en sheets/b_target_all.txt
