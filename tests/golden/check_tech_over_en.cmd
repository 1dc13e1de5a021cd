check --lang en sheets/tech_over.txt
