mail --lang en --help
