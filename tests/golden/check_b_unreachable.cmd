check sheets/b_unreachable.txt
