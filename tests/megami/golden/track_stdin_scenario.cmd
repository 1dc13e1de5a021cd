# the scenario must be a file: stdin carries the commands
track --lang en -
