mail --help
