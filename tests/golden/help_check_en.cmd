check --lang en -h
