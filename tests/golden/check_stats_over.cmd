check sheets/stats_over.txt
