check --lang en
