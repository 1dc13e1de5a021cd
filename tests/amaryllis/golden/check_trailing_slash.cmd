# A trailing / with no actions: a unit without actions (技術 0 here).
# Rules: AM-UNIT-2.
check sheets/trailing_slash.txt
