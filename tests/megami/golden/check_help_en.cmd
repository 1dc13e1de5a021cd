check --help --lang en
