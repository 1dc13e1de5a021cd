check sheets/cost_mismatch.txt
