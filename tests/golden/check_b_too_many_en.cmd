check --lang en sheets/b_too_many.txt
