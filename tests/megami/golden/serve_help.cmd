# serve --help prints the help and exits 0 (it once went on to serve)
serve --help
