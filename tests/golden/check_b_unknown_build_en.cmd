check --lang en sheets/b_unknown_build.txt
