check --lang en sheets/cost_mismatch.txt
