check sheets/b_target_all.txt
