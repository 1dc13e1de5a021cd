# check's help
check --help
