# the message follows --lang even when --lang comes later
check --bogus --lang en sheets/kou.txt
