frob
