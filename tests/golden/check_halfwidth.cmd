check sheets/halfwidth.txt
