# SK-IN-1: line 2 has no die; the error points at where it should be
play --lang en bad.txt
