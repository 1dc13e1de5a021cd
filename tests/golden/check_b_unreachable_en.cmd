check --lang en sheets/b_unreachable.txt
