hill --help
