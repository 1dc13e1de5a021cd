# a bad number, in English
optimize --lang en --evals 0 --field optimize
