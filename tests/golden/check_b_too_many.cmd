check sheets/b_too_many.txt
