# an empty expression (or only blanks) is bad
roll '' '   '
