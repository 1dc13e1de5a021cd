check --lang en sheets/life_needs_limited.txt
