# without --, a sheet named -kou.txt is taken for options
check --lang en -kou.txt
