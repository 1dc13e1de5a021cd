check --lang en sheets/stats_over.txt
