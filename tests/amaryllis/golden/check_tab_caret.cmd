# Tabs before the column are copied into the caret line (as gcc does), so
# the caret is under the end of the line in a terminal whatever its tab
# stops (it counted each tab as one column).
check sheets/tab_caret.txt
