# MS-SCN-CLI-1: a file that cannot be opened
--lang en check scenarios/no_such_file.yaml
