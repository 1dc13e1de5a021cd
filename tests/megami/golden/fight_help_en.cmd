fight --lang en --help
