league --help
