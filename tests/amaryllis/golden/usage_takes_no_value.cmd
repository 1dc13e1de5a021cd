check --lang en --help=yes sheets/kou.txt
