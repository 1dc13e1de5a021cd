check sheets/tech_over.txt
