# a bad --time and a bad --method
optimize --time 5x --field optimize; "$AMARYLLIS" optimize --lang en --method hill --field optimize
