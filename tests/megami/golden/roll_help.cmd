# the command's help
roll --help
