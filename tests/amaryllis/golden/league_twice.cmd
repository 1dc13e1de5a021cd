# A sheet given twice (in its folder and by name) is read once, with a
# warning, and an editor's backup (otsu.txt~) is not read from a folder:
# both played as extra copies and changed every other sheet's points
# (outside review of the CLI, W1).  So 甲 and 乙 play one league of two.
league league_backup league_backup/kou.txt
