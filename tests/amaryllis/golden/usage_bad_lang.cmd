check --lang fr sheets/kou.txt
