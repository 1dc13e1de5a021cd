check sheets/b_unknown_build.txt
