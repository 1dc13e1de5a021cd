# an unreadable standard input (a folder) is worded as every reader words
# it, with the reason (it said only 標準入力を読めません): outside review D13
roll - < .
