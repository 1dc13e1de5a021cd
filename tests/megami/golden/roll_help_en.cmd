# the command's help in English
roll --lang en -h
