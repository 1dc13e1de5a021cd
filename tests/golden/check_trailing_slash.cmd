# A trailing / with no actions: a unit without actions (技術 0 here).
check sheets/trailing_slash.txt
