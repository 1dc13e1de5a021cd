check sheets/life_needs_limited.txt
