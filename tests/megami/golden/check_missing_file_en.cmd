check --lang en no_such_file.yaml
