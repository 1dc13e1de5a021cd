# MS-SCN-CLI-1: a file that cannot be opened
check scenarios/no_such_file.yaml
