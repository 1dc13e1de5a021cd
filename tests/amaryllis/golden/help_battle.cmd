battle --help
