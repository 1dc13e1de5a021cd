# MG-SCN-CHR-8: enters after the round limit (3) and before 1, each at its value, in Japanese
check check_enters_range.yaml
