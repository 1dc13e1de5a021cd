check no_such_file.yaml
