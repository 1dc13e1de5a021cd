# check's help
check -h --lang en
