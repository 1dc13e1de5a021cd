# serve --seed takes a whole number: a usage error
serve --seed -1
